import {
  creditsFor,
  documentRules,
  requiredInputs,
  ZCreateProfileRequest,
  type Country,
  type TGetProfileResponse,
  type ReportType,
  type TPipeline,
} from '@centinela/shared';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateSubmit } from '../hooks/use-create-submit.ts';
import { useDocumentHints } from '../hooks/use-document-hints.ts';
import { candidateRequest, chosenReportTypes, emptyCandidate, type CandidateValues } from '../utils/candidate.ts';
import { missingInputs } from '../utils/missing-inputs.ts';
import { candidateErrors } from '../utils/candidate-errors.ts';
import { ContactFields } from './contact-fields.tsx';
import { ProfileCreditCost } from './profile-credit-cost.tsx';
import { DocumentHints } from './document-hints.tsx';
import { MissingInputsAlert } from './missing-inputs-alert.tsx';
import { ReportChoice } from './report-choice.tsx';

/** The form requires these itself; the advisory note is about the optional ones. */
const FORM_REQUIRED = ['documentType', 'documentId', 'name'] as const;

type CandidateFormProps = {
  countries: Country[];
  pipelines: TPipeline[];
  lockedReportTypes?: readonly ReportType[];
  /** A free-plan owner's credits (null: not limited): the cost of the chosen reports shows beside it. */
  creditBalance?: number | null;
  onCreated: (p: TGetProfileResponse) => void;
};

/** A candidate: identified by a document, reports start on creation. Errors show on blur (SPEC §5). */
export function CandidateForm({
  countries,
  pipelines,
  lockedReportTypes = [],
  creditBalance = null,
  onCreated,
}: CandidateFormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { submit, pending, blocked } = useCreateSubmit(onCreated);
  const form = useForm<CandidateValues>({
    initialValues: emptyCandidate(countries.length === 1 ? countries[0]! : ''),
    validateInputOnBlur: true,
    validate: (values) => candidateErrors(values, t, i18n.language),
    onValuesChange: (values, previous) => {
      // Reports and documents differ per country: a new country starts the choice over.
      if (values.country !== previous.country)
        form.setValues({ reportTypes: [], pipelineId: '', documentType: 'national_id' });
    },
  });
  const v = form.getValues();
  const country = v.country as Country | '';
  const hints = useDocumentHints(country, v.documentType, v.documentId);
  // The chosen reports (a pipeline's too) say which inputs they need: e.g. Colombia's police record asks
  // for the document's issue date, Mexico's state records for the state. What is still missing is
  // explained before submit; those reports would be INCOMPLETE until the person is completed.
  const types = chosenReportTypes(v, pipelines);
  const needed = country ? requiredInputs(country, types) : [];
  const askIssueDate = needed.includes('issueDate');
  const askState = needed.includes('state');
  const missing = missingInputs(country, types, v, FORM_REQUIRED);
  // The same sum the server debits (creditsFor, packages/shared), over the reports that run now: one that
  // lacks an input is created INCOMPLETE and costs nothing until it runs. A batch the balance cannot cover
  // would be refused with 402, so it is not offered.
  const waiting = new Set(missing.map((m) => m.type));
  const cost = creditBalance === null ? null : creditsFor(types.filter((type) => !waiting.has(type)));
  const short = cost !== null && cost > creditBalance!;
  return (
    <form
      onSubmit={form.onSubmit((values) => submit(ZCreateProfileRequest.parse(candidateRequest(values))))}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('profiles.fields.country')}
            data={countries.map((c) => ({ value: c, label: countryName(c, locale) ?? c }))}
            withAsterisk
            {...form.getInputProps('country')}
          />
          <Select
            label={t('profiles.fields.documentType')}
            data={(country ? documentRules(country) : []).map((r) => ({
              value: r.type,
              label: `${r.abbreviation} — ${t(r.labelKey as 'profiles.noCountry')}`,
            }))}
            allowDeselect={false}
            {...form.getInputProps('documentType')}
          />
        </SimpleGrid>
        <TextInput label={t('profiles.fields.documentId')} withAsterisk {...form.getInputProps('documentId')} />
        <DocumentHints hints={hints} />
        <TextInput label={t('profiles.fields.name')} withAsterisk {...form.getInputProps('name')} />
        <ContactFields form={form} country={form.values.country} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="date" label={t('profiles.fields.birthDate')} {...form.getInputProps('birthDate')} />
          {askIssueDate && (
            <TextInput type="date" label={t('profiles.fields.issueDate')} {...form.getInputProps('issueDate')} />
          )}
          {askState && <TextInput label={t('profiles.fields.state')} {...form.getInputProps('state')} />}
        </SimpleGrid>
        <ReportChoice form={form} pipelines={pipelines} lockedReportTypes={lockedReportTypes} />
        <MissingInputsAlert items={missing} title={t('profiles.inputs.createTitle')} />
        {cost !== null && types.length > 0 && <ProfileCreditCost needed={cost} balance={creditBalance!} />}
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={short || blocked}>
            {t('profiles.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
