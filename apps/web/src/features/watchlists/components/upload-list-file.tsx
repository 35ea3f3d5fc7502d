import '@mantine/dropzone/styles.css';
import type { TLoadListResponse, WatchlistSourceId } from '@centinela/shared';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { ListUploadError, useUploadList } from '../api/upload-list.ts';

/** What a list is distributed as: the server tells one format from another, so both are offered for every list. */
const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
};
/** The server's limit for one list file (routes/api/v1/watchlists: bodyLimit). */
const MAX_BYTES = 64 * 1024 * 1024;

type Outcome = { ok: TLoadListResponse } | { refused: { title: string; detail: string | null } };

/**
 * Platform staff load a list file by hand (a machine without internet): dropped or chosen, sent as it is
 * with progress, then the new version's delta — or why it was refused, the current version staying.
 */
export function UploadListFile({ source, label }: { source: WatchlistSourceId; label: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const upload = useUploadList(source, setProgress);
  const send = (file: File) => {
    setOutcome(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (ok) => setOutcome({ ok }),
      onError: (error) =>
        setOutcome({
          refused: { title: errorMessage(t, error), detail: error instanceof ListUploadError ? error.detail : null },
        }),
    });
  };
  const n = (v: number) => formatNumber(v, locale);
  const loaded = outcome && 'ok' in outcome ? outcome.ok : null;
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => files[0] && send(files[0])}
        onReject={() => setOutcome({ refused: { title: t('watchlists.upload.rejected'), detail: null } })}
        accept={ACCEPT}
        maxSize={MAX_BYTES}
        multiple={false}
        loading={upload.isPending}
        inputProps={{ 'aria-label': t('watchlists.upload.drop', { list: label }) }}
        data-testid={`watchlist-upload-${source}`}
      >
        <Stack align="center" gap={2} mih={64} justify="center" ta="center">
          <Text fw={600} size="sm">
            {t('watchlists.upload.drop', { list: label })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('watchlists.upload.accepted')}
          </Text>
        </Stack>
      </Dropzone>
      {upload.isPending && (
        <Stack gap={2}>
          <Progress value={progress * 100} aria-label={t('watchlists.upload.progress')} />
          <Text size="xs" c="dimmed" role="status">
            {progress < 1 ? t('watchlists.upload.progress') : t('watchlists.upload.loading')}
          </Text>
        </Stack>
      )}
      {loaded && (
        <Alert color={loaded.unchanged ? 'blue' : 'green'} role="status" data-testid="watchlist-upload-result">
          {loaded.unchanged || !loaded.version
            ? t('watchlists.upload.unchanged')
            : t('watchlists.upload.loaded', {
                seq: loaded.version.seq,
                count: loaded.version.entries,
                added: n(loaded.version.added),
                removed: n(loaded.version.removed),
                changed: n(loaded.version.changed),
              })}
        </Alert>
      )}
      {outcome && 'refused' in outcome && (
        <Alert color="red" role="alert" title={outcome.refused.title} data-testid="watchlist-upload-error">
          {outcome.refused.detail}
        </Alert>
      )}
    </Stack>
  );
}
