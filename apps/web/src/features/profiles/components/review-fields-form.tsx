import { REVIEW_DECISIONS, ZUpdateProfileRequest, type TGetProfileResponse } from '@centinela/shared';
import { Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { formErrors } from '../../../lib/form-validation.ts';

const TEXT_FIELDS = [
  'observations',
  'outcome',
  'validationComment',
  'excludedProcessType',
  'crimeCategory',
  'sentencingStatus',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const SHORT_FIELDS = ['excludedProcessType', 'crimeCategory', 'sentencingStatus'] as const;
type Values = Record<TextField, string> & { confirmedHomonym: boolean };

/** Empty inputs clear the stored value (the API takes null for "cleared"). */
const toRequest = (v: Values) => ({
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f].trim() || null])),
  confirmedHomonym: v.confirmedHomonym,
});

/** The reviewer's fields of SPEC §3, validated by the PATCH schema itself. */
export function ReviewFieldsForm({ profile }: { profile: TGetProfileResponse }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile(profile.id);
  const labels = Object.fromEntries(TEXT_FIELDS.map((f) => [f, t(`profiles.fields.${f}`)])) as Record<
    TextField,
    string
  >;
  const form = useForm<Values>({
    initialValues: {
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, profile[f] ?? ''])),
      confirmedHomonym: profile.confirmedHomonym,
    } as Values,
    validateInputOnBlur: true,
    validate: (values) =>
      formErrors(
        ZUpdateProfileRequest,
        toRequest(values) as unknown as Record<TextField, unknown>,
        t,
        i18n.language,
        labels,
        'profiles.validation.',
      ),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(ZUpdateProfileRequest.parse(toRequest(values)), {
      onSuccess: () => notifications.show({ color: 'green', message: t('profiles.reviewFields.saved') }),
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="no-print">
      <Stack gap="xs">
        <Textarea label={labels.observations} autosize minRows={2} {...form.getInputProps('observations')} />
        <Textarea label={labels.validationComment} autosize minRows={2} {...form.getInputProps('validationComment')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {/* The decision's words, not its code; a value typed before (free text) stays offered as it is. */}
          <Select
            label={labels.outcome}
            clearable
            placeholder={t('profiles.outcomes.none')}
            data={[
              ...REVIEW_DECISIONS.map((d) => ({ value: d, label: t(`profiles.outcomes.${d}`) })),
              ...(profile.outcome && !(REVIEW_DECISIONS as readonly string[]).includes(profile.outcome)
                ? [{ value: profile.outcome, label: profile.outcome }]
                : []),
            ]}
            {...form.getInputProps('outcome')}
            onChange={(value) => form.setFieldValue('outcome', value ?? '')}
          />
          {SHORT_FIELDS.map((f) => (
            <TextInput key={f} label={labels[f]} {...form.getInputProps(f)} />
          ))}
        </SimpleGrid>
        <Switch
          label={t('profiles.fields.confirmedHomonym')}
          {...form.getInputProps('confirmedHomonym', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('profiles.reviewFields.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
