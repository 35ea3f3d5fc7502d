import {
  CONSENT_VERSION,
  checkDocumentId,
  CSV_DUPLICATE_CHOICES,
  CSV_FIELDS,
  csvRowToCandidate,
  type Country,
  type CsvDuplicateChoice,
  type CsvMapping,
  type DocumentHint,
  type ReportType,
  type TCsvDuplicateRow,
  type TCsvDuplicatesResponse,
} from '@centinela/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { ReportChoice, Uploaded } from '../utils/wizard-state.ts';
import { CreditCost } from './credit-cost.tsx';

type Props = {
  country: Exclude<Country, 'xx'>;
  uploaded: Uploaded;
  choice: ReportChoice;
  types: ReportType[];
  mapping: CsvMapping;
  creditBalance: number | null;
  /** The server's duplicates check: its answer once there, whether it is still running or failed. */
  duplicates: { data: TCsvDuplicatesResponse | undefined; pending: boolean; failed: boolean };
  duplicatesChoice: CsvDuplicateChoice;
  onDuplicatesChoice: (choice: CsvDuplicateChoice) => void;
  /** The consent attestation for the whole file; the start waits for it when required. */
  consent: { required: boolean; checked: boolean; onChange: (checked: boolean) => void };
  starting: boolean;
  error: unknown;
  onBack: () => void;
  onStart: () => void;
};

/** Step 4: the counts and the preview rows as they will be imported, each checked by the single-person form's rules. */
export function ReviewStep({
  country,
  uploaded,
  choice,
  types,
  mapping,
  creditBalance,
  duplicates,
  duplicatesChoice,
  onDuplicatesChoice,
  consent,
  starting,
  error,
  onBack,
  onStart,
}: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = uploaded.job.rowCount ?? 0;
  const hintText = (h: DocumentHint) =>
    h.hint === 'too_short'
      ? t('profiles.hints.too_short', { min: h.minLength })
      : h.hint === 'too_long'
        ? t('profiles.hints.too_long', { max: h.maxLength })
        : t('profiles.hints.invalid_format');
  const fields = CSV_FIELDS.filter((f) => mapping[f]);
  const plan =
    choice.mode === 'pipeline'
      ? { country, pipelineId: choice.pipelineId ?? undefined }
      : { country, reportTypes: types };
  const flagged = new Map((duplicates.data?.rows ?? []).map((d) => [d.line, d]));
  const sample = uploaded.preview.map((row) => {
    const cells = Object.fromEntries(uploaded.job.headers.map((h, i) => [h, row.cells[i] ?? '']));
    const result = csvRowToCandidate(cells, mapping, plan);
    // The add-profile form's advisory hint on the document (too short, too long, invalid format): shown,
    // never blocking, so a batch is checked as a single person is.
    const hint = result.ok ? checkDocumentId(country, result.input.documentType, result.input.documentId) : null;
    return { row, cells, result, hint, duplicate: flagged.get(row.line) };
  });
  const found = duplicates.data;
  const duplicateRows = found ? found.existing + found.repeated : 0;
  // Skipped or updated rows queue no report: they cost nothing.
  const billed = duplicatesChoice === 'create' ? rows : Math.max(0, rows - duplicateRows);
  const flag = (d: TCsvDuplicateRow) =>
    d.person ? (
      <Text size="xs" c="orange.9">
        {t('csvImport.duplicates.flagExisting')}{' '}
        <Anchor component={Link} to={localizePath(paths.person(d.person.id, country), locale)} size="xs">
          {d.person.name}
        </Anchor>
      </Text>
    ) : (
      <Text size="xs" c="orange.9">
        {t('csvImport.duplicates.flagRepeated', { line: d.sameAsLine })}
      </Text>
    );
  return (
    <Stack>
      <Group gap="xl">
        <Text>{t('csvImport.review.rows', { count: rows, rows: rows.toLocaleString(locale) })}</Text>
        <Text>{t('csvImport.review.reports', { count: types.length })}</Text>
        <Text>
          {t('csvImport.review.total', {
            count: billed * types.length,
            total: (billed * types.length).toLocaleString(locale),
          })}
        </Text>
      </Group>
      {duplicates.pending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('csvImport.duplicates.checking')}</Text>
        </Group>
      ) : duplicates.failed ? (
        <Text size="sm" c="dimmed" role="status">
          {t('csvImport.duplicates.checkFailed')}
        </Text>
      ) : (
        found &&
        duplicateRows > 0 && (
          // A section, not an Alert: role="alert" would read the radio group out as soon as the check answers.
          <Paper
            withBorder
            p="sm"
            component="section"
            aria-labelledby="csv-duplicates-title"
            data-testid="csv-duplicates"
          >
            <Stack gap="xs">
              <Title order={4} id="csv-duplicates-title">
                {t('csvImport.duplicates.title')}
              </Title>
              {found.existing > 0 && (
                <Text size="sm">{t('csvImport.duplicates.existing', { count: found.existing })}</Text>
              )}
              {found.repeated > 0 && (
                <Text size="sm">{t('csvImport.duplicates.repeated', { count: found.repeated })}</Text>
              )}
              <Radio.Group
                label={t('csvImport.duplicates.label')}
                value={duplicatesChoice}
                onChange={(v) => onDuplicatesChoice(v as CsvDuplicateChoice)}
              >
                <Stack gap={6} mt={6}>
                  {CSV_DUPLICATE_CHOICES.map((c) => (
                    <Radio key={c} value={c} label={t(`csvImport.duplicates.${c}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            </Stack>
          </Paper>
        )
      )}
      <CreditCost types={types} rows={billed} balance={creditBalance} />
      <ScrollArea>
        <Table withTableBorder fz="sm" aria-label={t('csvImport.review.sample')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('csvImport.line')}</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f}>{t(`csvImport.fields.${f}`)}</Table.Th>
              ))}
              <Table.Th>{t('csvImport.review.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sample.map(({ row, cells, result, hint, duplicate }) => (
              <Table.Tr key={row.line} data-testid="review-row">
                <Table.Td>{row.line}</Table.Td>
                {fields.map((f) => (
                  <Table.Td key={f}>{cells[mapping[f]!]}</Table.Td>
                ))}
                <Table.Td>
                  {result.ok && duplicate ? (
                    <Stack gap={2}>
                      {flag(duplicate)}
                      {hint && (
                        <Text size="xs" c="orange.9">
                          {hintText(hint)}
                        </Text>
                      )}
                    </Stack>
                  ) : result.ok && hint ? (
                    <Text size="xs" c="orange.9">
                      {hintText(hint)}
                    </Text>
                  ) : result.ok ? (
                    <Badge color="green" variant="light">
                      {t('csvImport.review.valid')}
                    </Badge>
                  ) : (
                    <Stack gap={2}>
                      {result.issues.map((issue, i) => (
                        <Text key={i} size="xs" c="red">
                          {issue.field ? `${t(`csvImport.fields.${issue.field}`)}: ` : ''}
                          {t(`csvImport.failures.${issue.code}`)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="sm" c="dimmed">
        {t('csvImport.review.note')}
      </Text>
      <Checkbox
        label={t('csvImport.review.consentAttestation', { count: rows, version: CONSENT_VERSION })}
        description={consent.required ? t('profiles.create.consentAttestationRequired') : undefined}
        required={consent.required}
        checked={consent.checked}
        onChange={(e) => consent.onChange(e.currentTarget.checked)}
      />
      {error !== null && error !== undefined && (
        <Alert color="red" role="alert">
          {errorMessage(t, error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('csvImport.back')}
        </Button>
        <Button onClick={onStart} loading={starting} disabled={consent.required && !consent.checked}>
          {t('csvImport.review.start')}
        </Button>
      </Group>
    </Stack>
  );
}
