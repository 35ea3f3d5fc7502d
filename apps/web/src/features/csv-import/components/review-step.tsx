import { CSV_FIELDS, csvRowToCandidate, type Country, type CsvMapping, type ReportType } from '@centinela/shared';
import { Alert, Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
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
  starting: boolean;
  error: unknown;
  onBack: () => void;
  onStart: () => void;
};

/** Step 4: the counts and the preview rows as they will be imported, each checked by the single-person form's rules. */
export function ReviewStep({ country, uploaded, choice, types, mapping, creditBalance, starting, error, onBack, onStart }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = uploaded.job.rowCount ?? 0;
  const fields = CSV_FIELDS.filter((f) => mapping[f]);
  const plan = choice.mode === 'pipeline' ? { country, pipelineId: choice.pipelineId ?? undefined } : { country, reportTypes: types };
  const sample = uploaded.preview.map((row) => {
    const cells = Object.fromEntries(uploaded.job.headers.map((h, i) => [h, row.cells[i] ?? '']));
    return { row, cells, result: csvRowToCandidate(cells, mapping, plan) };
  });
  return (
    <Stack>
      <Group gap="xl">
        <Text>{t('csvImport.review.rows', { count: rows, rows: rows.toLocaleString(locale) })}</Text>
        <Text>{t('csvImport.review.reports', { count: types.length })}</Text>
        <Text>{t('csvImport.review.total', { count: rows * types.length, total: (rows * types.length).toLocaleString(locale) })}</Text>
      </Group>
      <CreditCost types={types} rows={rows} balance={creditBalance} />
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
            {sample.map(({ row, cells, result }) => (
              <Table.Tr key={row.line} data-testid="review-row">
                <Table.Td>{row.line}</Table.Td>
                {fields.map((f) => (
                  <Table.Td key={f}>{cells[mapping[f]!]}</Table.Td>
                ))}
                <Table.Td>
                  {result.ok ? (
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
      {error !== null && error !== undefined && (
        <Alert color="red" role="alert">
          {errorMessage(t, error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('csvImport.back')}
        </Button>
        <Button onClick={onStart} loading={starting}>
          {t('csvImport.review.start')}
        </Button>
      </Group>
    </Stack>
  );
}
