import { API_KEY_MODES, USER_STATUSES, type Role } from '@centinela/shared';
import { Checkbox, Group, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { countryChoices, localeChoices } from '../utils/choices.ts';

export type SettingsField =
  'roles' | 'availableCountries' | 'defaultCountry' | 'defaultLocale' | 'apiKeyMode' | 'status';

type InputProps = GetInputPropsReturnType;

/** The controls of a user's settings, shared by the create and the edit-several forms. */
export function RolesField({
  roles,
  inputProps,
  disabled,
}: {
  roles: readonly Role[];
  inputProps: InputProps;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('management.users.fields.roles')} withAsterisk {...inputProps}>
      <Group mt={6} gap="md">
        {roles.map((r) => (
          <Checkbox key={r} value={r} label={t(`management.roles.${r}`)} disabled={disabled} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

export function CountryFields({
  available,
  byDefault,
  disabled = {},
}: {
  available: InputProps;
  byDefault: InputProps;
  disabled?: { available?: boolean; byDefault?: boolean };
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label={t('management.users.fields.availableCountries')}
        data={countryChoices(locale)}
        clearable
        disabled={disabled.available}
        {...available}
      />
      <Select
        label={t('management.users.fields.defaultCountry')}
        data={countryChoices(locale)}
        clearable
        disabled={disabled.byDefault}
        {...byDefault}
      />
    </SimpleGrid>
  );
}

export function LocaleField({ inputProps, disabled }: { inputProps: InputProps; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('management.users.fields.defaultLocale')}
      data={localeChoices(t)}
      allowDeselect={false}
      disabled={disabled}
      {...inputProps}
    />
  );
}

export function ApiKeyModeField({ inputProps, disabled }: { inputProps: InputProps; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('management.users.fields.apiKeyMode')}
      data={API_KEY_MODES.map((m) => ({ value: m, label: t(`management.users.apiKeyModes.${m}`) }))}
      allowDeselect={false}
      disabled={disabled}
      {...inputProps}
    />
  );
}

export function StatusField({ inputProps, disabled }: { inputProps: InputProps; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('management.users.fields.status')}
      data={USER_STATUSES.map((s) => ({ value: s, label: t(`management.statuses.${s}`) }))}
      allowDeselect={false}
      disabled={disabled}
      {...inputProps}
    />
  );
}
