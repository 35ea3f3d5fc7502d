import { documentRules, type Country, type TPublicForm, type TUpload } from '@centinela/shared';
import { Button, Checkbox, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { FormStep, formStepsFor, type FormStepValue } from '../../../lib/form-steps.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSubmitForm } from '../api/submit-form.ts';
import { candidateErrors, emptyCandidate, submitRequest, type CandidateValues } from '../utils/candidate.ts';
import { AttachmentsField } from './attachments-field.tsx';
import { PhoneField } from './phone-field.tsx';

/** Exactly the inputs the pipeline's reports need, contact details, consent and optional documents. Errors show on blur (SPEC §5). */
export function CandidateForm({
  definition,
  onDone,
  onInvalid,
}: {
  definition: TPublicForm;
  /** Called with the candidate's own page when the server names it. */
  onDone: (candidatePath: string | null) => void;
  onInvalid: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const submit = useSubmitForm();
  const [files, setFiles] = useState<TUpload[]>([]);
  // Steps other features add (the identity document's pictures), each lazy; none is ready until it says so.
  const [stepKeys] = useState(() => formStepsFor(definition));
  const [steps, setSteps] = useState<Record<string, FormStepValue>>({});
  const [stepErrors, setStepErrors] = useState(false);
  const stepsReady = stepKeys.every((k) => steps[k]?.ready === true);
  const onStepChange = useCallback(
    (key: string) => (value: FormStepValue) => setSteps((all) => ({ ...all, [key]: value })),
    [],
  );
  const [stepHandlers] = useState(() => Object.fromEntries(stepKeys.map((k) => [k, onStepChange(k)])));
  const labels = {
    name: t('forms.public.name'),
    documentType: t('forms.public.documentType'),
    documentId: t('forms.public.documentId'),
    email: t('forms.public.email'),
    phone: t('forms.public.phone'),
    birthDate: t('forms.public.birthDate'),
    issueDate: t('forms.public.issueDate'),
    state: t('forms.public.state'),
    consent: t('forms.public.consentLabel'),
  };
  const form = useForm<CandidateValues>({
    initialValues: emptyCandidate(definition),
    validateInputOnBlur: true,
    validate: (values) => candidateErrors(values, definition, t, i18n.language, labels),
  });
  const country = definition.country as Country;
  const [askBirth, askIssue, askState, askEmail, askPhone] = (
    ['birthDate', 'issueDate', 'state', 'email', 'phone'] as const
  ).map((i) => definition.inputs.includes(i));
  const rules = country === 'xx' ? [] : documentRules(country);
  const onValid = form.onSubmit((values) => {
    if (!stepsReady) return;
    submit.mutate(
      {
        code: definition.code,
        input: {
          ...submitRequest(
            values,
            definition,
            locale,
            files.map((f) => f.id),
          ),
          ...Object.assign({}, ...stepKeys.map((k) => steps[k]?.fields ?? {})),
        },
      },
      {
        onSuccess: (answer) => onDone(answer.candidatePath ?? null),
        onError: (error) => {
          if ((error as { code?: string }).code === 'form_invalid') onInvalid();
        },
      },
    );
  });
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    setStepErrors(true);
    onValid(event);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label={labels.name} autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={labels.documentType}
            data={rules.map((r) => ({
              value: r.type,
              label: `${r.abbreviation} — ${t(r.labelKey as 'forms.public.name')}`,
            }))}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps('documentType')}
          />
          <TextInput label={labels.documentId} withAsterisk inputMode="text" {...form.getInputProps('documentId')} />
        </SimpleGrid>
        {(askBirth || askIssue) && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {askBirth && (
              <TextInput type="date" label={labels.birthDate} withAsterisk {...form.getInputProps('birthDate')} />
            )}
            {askIssue && (
              <TextInput type="date" label={labels.issueDate} withAsterisk {...form.getInputProps('issueDate')} />
            )}
          </SimpleGrid>
        )}
        {askState && <TextInput label={labels.state} withAsterisk {...form.getInputProps('state')} />}
        <TextInput
          type="email"
          label={labels.email}
          autoComplete="email"
          withAsterisk={askEmail}
          {...form.getInputProps('email')}
        />
        <PhoneField form={form} required={askPhone === true} />
        <AttachmentsField
          url={definition.uploads.url}
          maxFiles={definition.uploads.maxFiles}
          value={files}
          onChange={setFiles}
        />
        {stepKeys.map((k) => (
          <FormStep
            key={k}
            stepKey={k}
            definition={definition}
            locale={locale}
            onChange={stepHandlers[k]!}
            showErrors={stepErrors}
            fallback={<Loader size="sm" role="status" aria-label={t('common.loading')} />}
          />
        ))}
        <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('forms.public.consentTitle')}
            </Text>
            <Text size="sm" data-testid="consent-text">
              {definition.consent.text[locale] ?? definition.consent.text.en}
            </Text>
            <Checkbox label={labels.consent} {...form.getInputProps('consent', { type: 'checkbox' })} />
          </Stack>
        </Paper>
        {stepErrors && !stepsReady && (
          <Text c="red" size="sm" role="alert">
            {t('forms.validation.identityPicturesRequired')}
          </Text>
        )}
        {submit.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(t, submit.error)}
          </Text>
        )}
        <Button type="submit" size="md" loading={submit.isPending} fullWidth>
          {t('forms.public.submit')}
        </Button>
      </Stack>
    </form>
  );
}
