import { Alert, Button, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { VirtualTbody, VIRTUALIZE_FROM } from '../../../components/ui/virtual-tbody.tsx';
import { LiveAnnouncer } from '../../../components/ui/live-announcer.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDownloadFailures } from '../api/download-failures.ts';
import { useCsvJob } from '../api/get-csv-job.ts';
import { useCsvProgress } from '../hooks/use-csv-progress.ts';

/** A failed job without a recorded reason reads as a file that could not be processed (SPEC §8). */
const UNPROCESSABLE = 'csv_unprocessable';

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value}
      </Text>
    </Stack>
  );
}

/** The running job, live; at the end records processed, successful and failed, the failures per line and their download (SPEC §4). */
export function ImportProgress({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const job = useCsvJob(jobId);
  const download = useDownloadFailures();
  useCsvProgress(jobId);
  if (job.isError) return <Alert color="red">{errorMessage(t, job.error)}</Alert>;
  if (!job.data) return <Progress value={100} animated aria-label={t('csvImport.progress.loading')} />;
  const j = job.data;
  const finished = j.status === 'completed' || j.status === 'failed';
  const total = j.rowCount ?? 0;
  const n = (v: number) => v.toLocaleString(locale);
  const announcement =
    j.status === 'failed'
      ? t('liveProgress.csvFailed')
      : j.status === 'completed'
        ? t('liveProgress.csvCompleted', { succeeded: n(j.succeeded), failed: n(j.failed) })
        : t('liveProgress.csvRunning', { done: n(j.processed), total: n(total), failed: n(j.failed) });
  return (
    <Stack data-testid="csv-progress" data-status={j.status}>
      <Title order={3}>{t(`csvImport.status.${j.status}`)}</Title>
      <Text c="dimmed">{j.fileName}</Text>
      <LiveAnnouncer message={announcement} final={finished} />
      <Progress
        value={total ? (j.processed / total) * 100 : 0}
        animated={!finished}
        aria-label={t('csvImport.progress.label')}
      />
      <SimpleGrid cols={{ base: 2, sm: j.duplicates === 'create' ? 3 : 4 }}>
        <Stat
          label={t('csvImport.progress.processed')}
          value={t('csvImport.progress.ofTotal', { done: n(j.processed), total: n(total) })}
        />
        <Stat label={t('csvImport.progress.succeeded')} value={n(j.succeeded)} color="green" />
        <Stat label={t('csvImport.progress.failed')} value={n(j.failed)} color={j.failed ? 'red' : undefined} />
        {/* Rows whose person already existed, as the job was told to treat them. */}
        {j.duplicates === 'skip' && <Stat label={t('csvImport.progress.skipped')} value={n(j.skipped)} />}
        {j.duplicates === 'update' && <Stat label={t('csvImport.progress.updated')} value={n(j.updated)} />}
      </SimpleGrid>
      {j.status === 'failed' && (
        <Alert color="red" role="alert">
          {errorMessage(t, new ApiError(0, j.error ?? UNPROCESSABLE, t('errors.csv_unprocessable')))}
        </Alert>
      )}
      {finished && j.failures.length > 0 && (
        <Stack>
          <Group justify="space-between">
            <Title order={4}>{t('csvImport.progress.failures')}</Title>
            <Button
              variant="default"
              loading={download.isPending}
              onClick={() =>
                download.mutate(j.id, {
                  onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
                })
              }
            >
              {t('csvImport.progress.download')}
            </Button>
          </Group>
          <Table
            withTableBorder
            fz="sm"
            aria-label={t('csvImport.progress.failures')}
            aria-rowcount={j.failures.length > VIRTUALIZE_FROM ? j.failures.length + 1 : undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('csvImport.line')}</Table.Th>
                <Table.Th>{t('csvImport.progress.field')}</Table.Th>
                <Table.Th>{t('csvImport.progress.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <VirtualTbody rows={j.failures} estimate={37} columns={3}>
              {(f, i, rowProps) => (
                <Table.Tr key={`${f.line}-${i}`} {...rowProps} data-testid="failure-row">
                  <Table.Td>{f.line}</Table.Td>
                  <Table.Td>{f.field ? t(`csvImport.fields.${f.field}`) : '—'}</Table.Td>
                  <Table.Td>{t(`csvImport.failures.${f.code}`)}</Table.Td>
                </Table.Tr>
              )}
            </VirtualTbody>
          </Table>
          {j.failuresTruncated && <Text size="sm">{t('csvImport.progress.truncated')}</Text>}
        </Stack>
      )}
      {finished && (
        <Group>
          <Button onClick={onAnother}>{t('csvImport.progress.another')}</Button>
        </Group>
      )}
    </Stack>
  );
}
