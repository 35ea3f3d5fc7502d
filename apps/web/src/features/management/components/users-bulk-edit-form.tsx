import { ZUpdateUsersRequest, type Role, type TUpdateUsersRequest } from '@centinela/shared';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrors } from '../../../lib/form-validation.ts';
import {
  ApiKeyModeField,
  CountryFields,
  LocaleField,
  RolesField,
  StatusField,
  type SettingsField,
} from './user-settings-fields.tsx';

type Values = {
  apply: SettingsField[];
  roles: Role[];
  availableCountries: string[];
  defaultCountry: string | null;
  defaultLocale: string;
  apiKeyMode: string;
  status: string;
};
type Changes = TUpdateUsersRequest['changes'];

const FIELDS: SettingsField[] = [
  'roles',
  'availableCountries',
  'defaultCountry',
  'defaultLocale',
  'apiKeyMode',
  'status',
];
/** The rows of the form: the two country fields go together. */
const ROWS = {
  roles: ['roles'],
  countries: ['availableCountries', 'defaultCountry'],
  locale: ['defaultLocale'],
  apiKeyMode: ['apiKeyMode'],
  status: ['status'],
} satisfies Record<string, SettingsField[]>;

export function toChanges(v: Values): Changes {
  const all = {
    roles: v.roles,
    availableCountries: v.availableCountries,
    defaultCountry: v.defaultCountry || null,
    defaultLocale: v.defaultLocale,
    apiKeyMode: v.apiKeyMode,
    status: v.status,
  };
  return Object.fromEntries(FIELDS.filter((f) => v.apply.includes(f)).map((f) => [f, all[f]])) as Changes;
}

type Props = { ids: string[]; grantable: readonly Role[]; pending: boolean; onSubmit: (changes: Changes) => void };

/**
 * Edits several users at once (roles, countries, locale, API key mode, status). Each field has a
 * "change" box: only ticked fields are sent, the others keep each user's own value.
 */
export function UsersBulkEditForm({ ids, grantable, pending, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`management.users.fields.${f}`)])) as Record<
    SettingsField,
    string
  >;
  const form = useForm<Values>({
    initialValues: {
      apply: [],
      roles: [],
      availableCountries: [],
      defaultCountry: null,
      defaultLocale: 'en',
      apiKeyMode: 'owner',
      status: 'active',
    },
    validate: (v) => {
      if (v.apply.length === 0) return { apply: t('management.bulk.nothingChosen') };
      const result = ZUpdateUsersRequest.shape.changes.safeParse(toChanges(v));
      if (result.success) return {};
      return formErrors(
        ZUpdateUsersRequest.shape.changes,
        toChanges(v) as Record<SettingsField, unknown>,
        t,
        i18n.language,
        labels,
        'management.validation.',
      );
    },
  });
  const { apply } = form.getValues();
  const on = (f: SettingsField) => apply.includes(f);
  const row = (fields: SettingsField[], control: ReactNode) => (
    <Group wrap="nowrap" align="flex-start">
      <Checkbox
        mt={28}
        aria-label={t('management.bulk.change', { field: fields.map((f) => labels[f]).join(' / ') })}
        checked={fields.every(on)}
        onChange={(e) =>
          form.setFieldValue(
            'apply',
            e.currentTarget.checked ? [...new Set([...apply, ...fields])] : apply.filter((f) => !fields.includes(f)),
          )
        }
      />
      <div style={{ flex: 1 }}>{control}</div>
    </Group>
  );
  return (
    <form onSubmit={form.onSubmit((v) => onSubmit(toChanges(v)))} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('management.users.bulkIntro', { count: ids.length })}</Text>
        {row(
          ROWS.roles,
          <RolesField roles={grantable} inputProps={form.getInputProps('roles')} disabled={!on('roles')} />,
        )}
        {row(
          ROWS.countries,
          <CountryFields
            available={form.getInputProps('availableCountries')}
            byDefault={form.getInputProps('defaultCountry')}
            disabled={{ available: !on('availableCountries'), byDefault: !on('defaultCountry') }}
          />,
        )}
        {row(
          ROWS.locale,
          <LocaleField inputProps={form.getInputProps('defaultLocale')} disabled={!on('defaultLocale')} />,
        )}
        {row(
          ROWS.apiKeyMode,
          <ApiKeyModeField inputProps={form.getInputProps('apiKeyMode')} disabled={!on('apiKeyMode')} />,
        )}
        {row(ROWS.status, <StatusField inputProps={form.getInputProps('status')} disabled={!on('status')} />)}
        {form.errors.apply && (
          <Text c="red" size="sm" role="alert">
            {form.errors.apply}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('management.bulk.apply', { count: ids.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
