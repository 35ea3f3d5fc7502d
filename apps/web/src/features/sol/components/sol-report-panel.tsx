import type { Reference } from '@centinela/shared';
import { Anchor, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import type { ReportPanelProps } from '../../../lib/report-panels.ts';
import { useRealtime } from '../../../lib/use-realtime.ts';
import {
  downloadFile,
  recordingBlobUrl,
  referenceCheckKey,
  useReferenceCheck,
  useResolveFraudSignal,
} from '../api/reference-check.ts';
import { SolIntro } from './sol-intro.tsx';
import { SolReportView } from './sol-report-view.tsx';

/** The Sol report inside the profile flyout (lazy chunk, registered in features/sol/register.ts). */
export default function SolReportPanel({ reportId, status, canReview }: ReportPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const check = useReferenceCheck(reportId);
  const resolve = useResolveFraudSignal(reportId);
  const [intro, setIntro] = useState(false);
  const blobs = useRef(new Map<string, string>());

  // Each step of the check (not only the report's end) refreshes the panel.
  useRealtime('reference_check.updated', (p) => {
    if (p.reportId === reportId) void queryClient.invalidateQueries({ queryKey: referenceCheckKey(reportId) });
  });
  // The report changed (handed over, settled): the check may exist now.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: referenceCheckKey(reportId) });
  }, [status, reportId, queryClient]);
  // A running check without a socket still moves on screen.
  const running = !check.data || !['completed', 'declined', 'expired'].includes(check.data.status);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: referenceCheckKey(reportId) }),
      3000,
    );
    return () => clearInterval(timer);
  }, [running, reportId, queryClient]);
  useEffect(() => {
    const urls = blobs.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const recordingUrl = useCallback(async (r: Reference) => {
    const known = blobs.current.get(r.id);
    if (known) return known;
    const url = await recordingBlobUrl(r.id);
    blobs.current.set(r.id, url);
    return url;
  }, []);
  const fail = (e: unknown) => notifications.show({ color: 'red', message: errorMessage(t, e) });

  return (
    <Stack gap="xs" data-testid="sol-panel">
      <Divider />
      <Group justify="space-between">
        <Title order={5}>{t('sol.title')}</Title>
        <Anchor component="button" type="button" size="xs" onClick={() => setIntro(true)}>
          {t('sol.whatIsSol')}
        </Anchor>
      </Group>
      {check.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t('sol.loading')}
          </Text>
        </Group>
      )}
      {check.isError && (
        <Text size="xs" c="dimmed">
          {t('sol.notStarted')}
        </Text>
      )}
      {check.data && (
        <SolReportView
          check={check.data}
          recordingUrl={recordingUrl}
          onDownloadRecording={(r) =>
            void downloadFile(`/api/v1/sol/references/${r.id}/recording?download=1`, 'recording.ogg').catch(fail)
          }
          onDownloadTranscript={(r) =>
            void downloadFile(`/api/v1/sol/references/${r.id}/transcript`, 'transcript.txt').catch(fail)
          }
          onResolve={
            canReview
              ? (signalId) =>
                  resolve.mutate(
                    { checkId: check.data.id, signalId },
                    { onSuccess: () => notifications.show({ message: t('sol.fraud.resolvedToast') }), onError: fail },
                  )
              : undefined
          }
          resolving={resolve.isPending}
        />
      )}
      <SolIntro opened={intro} onClose={() => setIntro(false)} />
    </Stack>
  );
}
