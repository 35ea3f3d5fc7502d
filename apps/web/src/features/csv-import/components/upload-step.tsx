import '@mantine/dropzone/styles.css';
import { CSV_ACCEPT } from '@centinela/shared';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCsvSettings } from '../api/get-csv-settings.ts';
import { CsvUploadError, useUploadCsv } from '../api/upload-csv.ts';
import { countCsvRows, formatBytes } from '../utils/count-records.ts';
import type { Uploaded } from '../utils/wizard-state.ts';
import { PreviewTable } from './preview-table.tsx';

type Problem = { title: string; detail: string | null };

/** Step 1: drop or pick a .csv (types and size shown), pre-checked against the row limit, uploaded with progress, previewed. */
export function UploadStep({
  uploaded,
  onUploaded,
  onNext,
}: {
  uploaded: Uploaded | null;
  onUploaded: (u: Uploaded | null) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const settings = useCsvSettings();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const upload = useUploadCsv(setProgress);

  const accept = async (file: File) => {
    setProblem(null);
    onUploaded(null);
    const limit = settings.data?.rowLimit;
    // SPEC §8's row limit is shown before the upload, not after: count the rows here first.
    if (limit !== undefined && countCsvRows(await file.text(), limit) > limit) {
      setProblem({ title: t('errors.csv_row_limit', { limit: String(limit) }), detail: null });
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (result) => onUploaded({ ...result, file: { name: file.name, size: file.size } }),
      onError: (error) => {
        const reason = error instanceof CsvUploadError ? error.reason : null;
        const problem = reason && t(`csvImport.problems.${reason.problem}`, { defaultValue: reason.problem });
        // Line 0 is the whole file (empty, binary, too large): the reason alone.
        const detail =
          reason && problem && reason.line > 0
            ? t('csvImport.upload.reason', { reason: problem, line: reason.line })
            : problem;
        setProblem({
          title:
            error instanceof CsvUploadError && error.code === 'csv_row_limit' ? error.message : errorMessage(t, error),
          detail,
        });
      },
    });
  };

  return (
    <Stack>
      {!uploaded && (
        <Dropzone
          onDrop={(files) => files[0] && void accept(files[0])}
          onReject={() => setProblem({ title: t('csvImport.upload.rejected'), detail: null })}
          accept={CSV_ACCEPT}
          maxSize={settings.data?.maxBytes}
          multiple={false}
          loading={upload.isPending}
          data-testid="csv-dropzone"
          inputProps={{ 'aria-label': t('csvImport.upload.drop') }}
        >
          <Stack align="center" gap={4} mih={120} justify="center">
            <Text fw={600}>{t('csvImport.upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('csvImport.upload.accepted', {
                size: settings.data ? formatBytes(settings.data.maxBytes, locale) : '…',
              })}
            </Text>
            {settings.data && (
              <Text size="sm" c="dimmed">
                {t('csvImport.upload.limit', { count: settings.data.rowLimit })}
              </Text>
            )}
          </Stack>
        </Dropzone>
      )}
      {upload.isPending && <Progress value={progress * 100} aria-label={t('csvImport.upload.progress')} />}
      {problem && (
        <Alert color="red" title={problem.title} role="alert">
          {problem.detail}
        </Alert>
      )}
      {uploaded && (
        <Stack>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{uploaded.file.name}</Text>
              <Text size="sm" c="dimmed">
                {t('csvImport.upload.summary', {
                  size: formatBytes(uploaded.file.size, locale),
                  count: uploaded.job.rowCount ?? 0,
                  rows: (uploaded.job.rowCount ?? 0).toLocaleString(locale),
                  columns: uploaded.job.headers.length,
                })}
              </Text>
            </div>
            <Button variant="default" onClick={() => onUploaded(null)}>
              {t('csvImport.upload.replace')}
            </Button>
          </Group>
          <PreviewTable headers={uploaded.job.headers} rows={uploaded.preview} />
          <Group justify="flex-end">
            <Button onClick={onNext}>{t('csvImport.next')}</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
