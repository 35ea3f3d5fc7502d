import {
  DEFAULT_LOCALE,
  parseEmailList,
  USER_PASSWORD_MIN,
  ZCreateUsersRequest,
  type Country,
  type Locale,
  type Role,
  type TCreateUsersRequest,
} from '@centinela/shared';
import { Badge, Button, Group, List, PasswordInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formErrors } from '../../../lib/form-validation.ts';
import { isLocale } from '../../../lib/locale.ts';
import { ApiKeyModeField, CountryFields, LocaleField, RolesField } from './user-settings-fields.tsx';

type Values = {
  emails: string;
  ownerId: string | null;
  roles: Role[];
  availableCountries: string[];
  defaultCountry: string | null;
  defaultLocale: string;
  apiKeyMode: string;
  password: string;
};

type Props = {
  /** Platform staff choose the owner (none: a staff account); a manager's users are always their owner's. */
  owners: { value: string; label: string }[] | null;
  grantable: readonly Role[];
  pending: boolean;
  onSubmit: (input: TCreateUsersRequest) => void;
};

const FIELDS = [
  'emails',
  'ownerId',
  'roles',
  'availableCountries',
  'defaultCountry',
  'defaultLocale',
  'apiKeyMode',
  'password',
] as const;

export function toCreateRequest(v: Values): TCreateUsersRequest {
  const emails = parseEmailList(v.emails)
    .filter((e) => e.problem === null)
    .map((e) => e.email);
  return {
    ...(v.ownerId ? { ownerId: v.ownerId } : {}),
    emails,
    roles: v.roles,
    availableCountries: v.availableCountries as Country[],
    defaultCountry: (v.defaultCountry || null) as Country | null,
    defaultLocale: v.defaultLocale as Locale,
    apiKeyMode: v.apiKeyMode as 'own' | 'owner',
    ...(v.password ? { password: v.password } : {}),
  };
}

/**
 * Creates one user or several at once from a typed or pasted list of emails. As the list is typed, a
 * repeated email is marked as rejected and an invalid one is flagged (SPEC §5); only the rest are sent.
 */
export function BulkCreateUsersForm({ owners, grantable, pending, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`management.users.fields.${f}`)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const form = useForm<Values>({
    initialValues: {
      emails: '',
      ownerId: null,
      roles: [],
      availableCountries: [],
      defaultCountry: null,
      defaultLocale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
      apiKeyMode: 'owner',
      password: '',
    },
    validateInputOnBlur: true,
    validate: (v) => {
      const errors: Partial<Record<keyof Values, string>> = formErrors(
        ZCreateUsersRequest,
        toCreateRequest(v) as Record<(typeof FIELDS)[number], unknown>,
        t,
        i18n.language,
        labels,
        'management.validation.',
      );
      if (v.password && v.password.length < USER_PASSWORD_MIN)
        errors.password = t('management.validation.passwordShort', { min: USER_PASSWORD_MIN });
      if (owners && !v.ownerId && !v.roles.some((r) => r === 'admin' || r === 'support'))
        errors.ownerId = t('management.validation.ownerRequired');
      return errors;
    },
  });
  const entries = parseEmailList(form.getValues().emails);
  const valid = entries.filter((e) => e.problem === null).length;
  const flagged = entries.filter((e) => e.problem !== null);
  const submit = (v: Values) => onSubmit(ZCreateUsersRequest.parse(toCreateRequest(v)));
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Textarea
          label={labels.emails}
          description={t('management.users.emailsHint')}
          withAsterisk
          rows={4}
          {...form.getInputProps('emails')}
        />
        <Group gap="xs" aria-live="polite">
          <Badge color="green" variant="light">
            {t('management.users.validCount', { count: valid })}
          </Badge>
          {flagged.length > 0 && (
            <Badge color="orange" variant="light">
              {t('management.users.flaggedCount', { count: flagged.length })}
            </Badge>
          )}
        </Group>
        {flagged.length > 0 && (
          <List size="sm" aria-label={t('management.users.flaggedList')} data-testid="flagged-emails">
            {flagged.map((e, i) => (
              <List.Item key={`${e.email}-${i}`}>
                <Text span c={e.problem === 'invalid' ? 'red' : 'orange'} size="sm">
                  {e.email || '—'}: {t(`management.users.rejections.${e.problem!}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {owners && (
          <Select
            label={labels.ownerId}
            placeholder={t('management.users.noOwner')}
            data={owners}
            searchable
            clearable
            {...form.getInputProps('ownerId')}
          />
        )}
        <RolesField roles={grantable} inputProps={form.getInputProps('roles')} />
        <CountryFields
          available={form.getInputProps('availableCountries')}
          byDefault={form.getInputProps('defaultCountry')}
        />
        <Group grow>
          <LocaleField inputProps={form.getInputProps('defaultLocale')} />
          <ApiKeyModeField inputProps={form.getInputProps('apiKeyMode')} />
        </Group>
        <PasswordInput
          label={labels.password}
          description={t('management.users.passwordHint', { min: USER_PASSWORD_MIN })}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={valid === 0}>
            {t('management.users.createCount', { count: valid })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
