import { COUNTRIES, LOCALES, type Role } from '@centinela/shared';
import type { TFunction } from 'i18next';
import { countryName } from '../../../lib/format.ts';
import type { Locale } from '@centinela/shared';

/** Select data for the countries a user may work in (not the 'xx' placeholder). */
export const countryChoices = (locale: Locale) =>
  COUNTRIES.filter((c) => c !== 'xx').map((c) => ({ value: c, label: countryName(c, locale) ?? c }));

export const localeChoices = (t: TFunction) => LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }));

export const roleChoices = (t: TFunction, roles: readonly Role[]) =>
  roles.map((r) => ({ value: r, label: t(`management.roles.${r}`) }));
