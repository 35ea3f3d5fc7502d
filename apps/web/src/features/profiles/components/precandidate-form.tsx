import {
  ZCreateProfileRequest,
  type Country,
  type TCreateProfileRequest,
  type TGetProfileResponse,
} from '@centinela/shared';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateSubmit } from '../hooks/use-create-submit.ts';
import { formErrors } from '../../../lib/form-validation.ts';
import { ContactFields } from './contact-fields.tsx';

type Values = { name: string; email: string; phone: string; country: string };
const FIELDS = ['name', 'email', 'phone', 'country'] as const;

const toRequest = (v: Values) =>
  ({
    kind: 'precandidate',
    name: v.name,
    email: v.email.trim() || null,
    phone: v.phone.trim() || null,
    ...(v.country && { country: v.country as Country }),
  }) as TCreateProfileRequest;

type PrecandidateFormProps = { countries: Country[]; onCreated: (p: TGetProfileResponse) => void };

/** A pre-candidate: a name and a way to reach them (email or phone, SPEC §5); reports come later. */
export function PrecandidateForm({ countries, onCreated }: PrecandidateFormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { submit, pending, blocked } = useCreateSubmit(onCreated);
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`profiles.fields.${f}`)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const form = useForm<Values>({
    initialValues: { name: '', email: '', phone: '', country: '' },
    validateInputOnBlur: true,
    validate: (values) =>
      formErrors(
        ZCreateProfileRequest,
        toRequest(values) as unknown as Record<(typeof FIELDS)[number], unknown>,
        t,
        i18n.language,
        labels,
        'profiles.validation.',
      ),
  });
  return (
    <form onSubmit={form.onSubmit((values) => submit(ZCreateProfileRequest.parse(toRequest(values))))} noValidate>
      <Stack gap="sm">
        <TextInput label={labels.name} withAsterisk {...form.getInputProps('name')} />
        <ContactFields form={form} country={form.values.country} />
        <Select
          label={labels.country}
          placeholder={t('profiles.noCountry')}
          data={countries.map((c) => ({ value: c, label: countryName(c, locale) ?? c }))}
          clearable
          {...form.getInputProps('country')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={blocked}>
            {t('profiles.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
