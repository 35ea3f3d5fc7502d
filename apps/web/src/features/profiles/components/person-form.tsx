import {
  checkDocumentId,
  documentRules,
  DOCUMENT_TYPES,
  ZUpdatePersonRequest,
  type TGetProfileResponse,
  type TProfileHint,
} from '@centinela/shared';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formErrors } from '../../../lib/form-validation.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { missingInputs } from '../utils/missing-inputs.ts';
import { PERSON_FIELDS, personRequest, personValues, type PersonField, type PersonValues } from '../utils/person.ts';
import { DocumentHints } from './document-hints.tsx';
import { MissingInputsAlert } from './missing-inputs-alert.tsx';

/** Text inputs by field, with their input type. */
const NAME = ['name', 'text'] as const;
const DOCUMENT_ID = ['documentId', 'text'] as const;
const OTHER_INPUTS = [
  ['email', 'email'],
  ['phone', 'tel'],
  ['birthDate', 'date'],
  ['issueDate', 'date'],
  ['state', 'text'],
  ['city', 'text'],
  ['cityLocode', 'text'],
] as const;

/**
 * The person's own fields, editable (SPEC §3; the country stays). Validated by the PATCH schema itself;
 * reports waiting for inputs say what they still lack as the fields are filled, and run again on save.
 */
export function PersonForm({ profile }: { profile: TGetProfileResponse }) {
  const { t, i18n } = useTranslation();
  const update = useUpdatePerson(profile.id);
  const waiting = profile.reports.filter((r) => r.status === 'INCOMPLETE');
  const [opened, { toggle }] = useDisclosure(false);
  const labels = Object.fromEntries(PERSON_FIELDS.map((f) => [f, t(`profiles.fields.${f}`)])) as Record<
    PersonField,
    string
  >;
  // The PATCH sends what differs from the initial values (the stored ones, moved on after each save).
  const form: UseFormReturnType<PersonValues> = useForm<PersonValues>({
    initialValues: personValues(profile),
    validateInputOnBlur: true,
    validate: (values: PersonValues) =>
      formErrors(
        ZUpdatePersonRequest,
        personRequest(values, form.getInitialValues()) as Record<PersonField, unknown>,
        t,
        i18n.language,
        labels,
        'profiles.validation.',
      ),
  });
  const v = form.getValues();
  const rules = documentRules(profile.country);
  const documentTypes = rules.length
    ? rules.map((r) => ({ value: r.type, label: `${r.abbreviation} — ${t(r.labelKey as 'profiles.noCountry')}` }))
    : DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`profiles.documentTypes.${d}`) }));
  const format = v.documentId.trim()
    ? checkDocumentId(profile.country, v.documentType as (typeof DOCUMENT_TYPES)[number], v.documentId)
    : null;
  const hints = format ? [{ field: 'documentId', ...format } as TProfileHint] : [];
  const stillMissing = missingInputs(
    profile.country,
    waiting.map((r) => r.type),
    v,
  );
  const submit = form.onSubmit((values) =>
    update.mutate(ZUpdatePersonRequest.parse(personRequest(values, form.getInitialValues())), {
      onSuccess: ({ profile: stored, requeued }) => {
        const next = personValues(stored);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifications.show({
          color: 'green',
          message: requeued.length
            ? t('profiles.person.savedRequeued', { count: requeued.length })
            : t('profiles.person.saved'),
        });
      },
      onError: (e) =>
        notifications.show({ color: 'red', title: t('profiles.person.failed'), message: errorMessage(t, e) }),
    }),
  );
  const input = ([field, type]: readonly [PersonField, string]) => (
    <TextInput key={field} type={type} label={labels[field]} {...form.getInputProps(field)} />
  );
  return (
    <Stack gap="xs" className="no-print">
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened}>
          {opened ? t('profiles.person.hide') : t('profiles.person.edit')}
        </Button>
      </Group>
      {opened && (
        <form onSubmit={submit} noValidate aria-label={t('profiles.person.edit')}>
          <Stack gap="xs">
            <MissingInputsAlert items={stillMissing} title={t('profiles.inputs.editTitle')} />
            {input(NAME)}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Select
                label={labels.documentType}
                data={documentTypes}
                allowDeselect={false}
                {...form.getInputProps('documentType')}
              />
              {input(DOCUMENT_ID)}
            </SimpleGrid>
            <DocumentHints hints={hints} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {OTHER_INPUTS.map(input)}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('profiles.person.countryFixed')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                {t('profiles.person.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
