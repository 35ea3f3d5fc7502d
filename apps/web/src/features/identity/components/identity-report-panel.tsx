import { Alert, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ReportPanelProps } from '../../../lib/report-panels.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useIdentityReport } from '../api/identity-report.ts';
import { IdentityChecks } from './identity-checks.tsx';
import { IdentityDecision } from './identity-decision.tsx';
import { IdentityFields } from './identity-fields.tsx';
import { IdentityPictures } from './identity-pictures.tsx';
import { StaffUpload } from './staff-upload.tsx';

const WHEN = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * The identity document report in a person's flyout (a lazy chunk, registered by features/identity):
 * the document's portrait and the selfie side by side, the fields read next to the person's, every
 * check with its reason, a reviewer's decision when one is due, and the way for staff to add the
 * pictures the report waits for.
 */
export default function IdentityReportPanel({ profileId, status, canReview, canWrite }: ReportPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const report = useIdentityReport(profileId!);
  const [replacing, setReplacing] = useState(false);
  if (report.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  if (report.isError) return <PageError error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const waiting = status === 'INCOMPLETE' || data.pictures.length === 0;
  return (
    <Stack gap="sm" data-testid="identity-panel">
      {waiting && !canWrite && (
        <Text size="sm" c="dimmed">
          {t('identity.review.waiting')}
        </Text>
      )}
      {status === 'PENDING' && !waiting && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('identity.review.checking')}</Text>
        </Group>
      )}
      {data.pictures.length > 0 && <IdentityPictures profileId={profileId!} pictures={data.pictures} />}
      {data.faceDistance !== null && (
        <Text size="sm" data-testid="identity-face-distance">
          {t('identity.review.faceDistance', {
            distance: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
              data.faceDistance,
            ),
          })}
        </Text>
      )}
      {data.verdict && data.reasons.length > 0 && (
        <Alert
          color={data.verdict === 'FAILED' ? 'red' : 'orange'}
          title={t(`identity.review.verdict.${data.verdict}`)}
        >
          <IdentityChecks checks={data.reasons} />
        </Alert>
      )}
      {data.review && (
        <Alert color={data.review.decision === 'approved' ? 'green' : 'red'} data-testid="identity-reviewed">
          <Text size="sm" fw={600}>
            {t(`identity.review.decided.${data.review.decision}`, {
              by: data.review.by ?? '—',
              at: formatDate(data.review.at, locale, WHEN),
            })}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {data.review.reason}
          </Text>
        </Alert>
      )}
      {canReview && status === 'PENDING_MANUAL_REVIEW' && !data.review && <IdentityDecision profileId={profileId!} />}
      {data.readings.length > 0 || data.checks.length > 0 ? (
        <>
          <Title order={5}>{t('identity.review.fieldsTitle')}</Title>
          <IdentityFields report={data} />
        </>
      ) : null}
      {data.checks.length > 0 && (
        <>
          <Title order={5}>{t('identity.review.checksTitle')}</Title>
          <IdentityChecks checks={data.checks} />
        </>
      )}
      {canWrite && (waiting || replacing) && (
        <StaffUpload
          profileId={profileId!}
          onDone={() => setReplacing(false)}
          onCancel={waiting ? undefined : () => setReplacing(false)}
        />
      )}
      {canWrite && !waiting && !replacing && status !== 'PENDING' && (
        <>
          <Divider />
          <Group justify="flex-end" className="no-print">
            <Button size="compact-sm" variant="default" onClick={() => setReplacing(true)}>
              {t('identity.upload.replace')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
