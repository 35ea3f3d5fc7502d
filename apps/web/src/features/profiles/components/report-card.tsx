import {
  CONSENT_WITHDRAWN,
  reportDefinition,
  toShownFinding,
  type Country,
  type TProfileReport,
} from '@centinela/shared';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { hasReportPanel, panelShowsFindings, panelShowsIncomplete, ReportPanel } from '../../../lib/report-panels.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRerunReport } from '../api/rerun-report.ts';
import { FindingsList } from '../../../components/findings/findings-list.tsx';
import { ReportStatusBadge } from './status-badge.tsx';
import { CandidateLinkButton } from './candidate-link.tsx';
import { DATE_TIME } from '../../../lib/date-formats.ts';

/** The statuses whose source answered: only these have findings to list, or none found. */
const ANSWERED = new Set<TProfileReport['status']>(['COMPLETED', 'INFO', 'PENDING_MANUAL_REVIEW']);

/** What a report still to run, or that could not run, says instead of its findings (an ERROR's alert says why). */
function stateText(t: TFunction, report: TProfileReport): string | null {
  if (report.status === 'PENDING')
    return report.startedAt ? t('profiles.reports.state.inProgress') : t('profiles.reports.state.notRunYet');
  if (report.status === 'INCOMPLETE') return t('profiles.reports.state.incomplete');
  return null;
}

/** What an identity report waits for: the candidate can send it from their own page. */
const PICTURES = 'identityPictures';

type ReportCardProps = {
  report: TProfileReport;
  country: Country;
  canRun: boolean;
  /** The candidate withdrew consent: nothing runs again until a new consent (the server refuses too). */
  consentWithdrawn?: boolean;
  canReview?: boolean;
  /** May add what a report waits for (the identity report's pictures). */
  canWrite?: boolean;
  profileId?: string;
  /** The person's name, for the panels that name them (a ruling's confirmation). */
  profileName?: string;
};

/** One report: its type (the catalogue's label), status, dates, what is missing, findings, and a re-run. */
export function ReportCard({
  report,
  country,
  canRun,
  consentWithdrawn = false,
  canReview = false,
  canWrite = false,
  profileId,
  profileName,
}: ReportCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rerun = useRerunReport();
  const def = reportDefinition(country, report.type);
  const when = (v: string | null) => (v ? formatDate(v, locale, DATE_TIME) : '—');
  const onRerun = () =>
    rerun.mutate(report.id, { onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }) });
  return (
    <Paper withBorder p="sm" data-testid="report" data-report-type={report.type} className="profile-report">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t(`reports.types.${report.type}`)}</Title>
          <ReportStatusBadge status={report.status} />
        </Group>
        {def && (
          <Text size="xs" c="dimmed">
            {t('profiles.reports.authority', { source: def.authority })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('profiles.reports.dates', { started: when(report.startedAt), completed: when(report.completedAt) })}
        </Text>
        {report.status === 'INCOMPLETE' && report.missingInputs.length > 0 && (
          <Alert color="yellow" title={t('profiles.reports.missing')}>
            {report.missingInputs.map((i) => t(`reports.inputs.${i}` as 'reports.inputs.name')).join(', ')}
            {/* A person from CSV, the dashboard or the API takes their pictures on their own page. */}
            {canWrite && profileId && report.missingInputs.includes(PICTURES) && (
              <Group gap="xs" mt="xs" justify="space-between" data-testid="ask-candidate">
                <Text size="sm">{t('profiles.reports.askCandidate')}</Text>
                <CandidateLinkButton profileId={profileId} />
              </Group>
            )}
          </Alert>
        )}
        {report.status === 'ERROR' && (
          <Alert color="orange" data-testid="report-error">
            {report.lastError === CONSENT_WITHDRAWN
              ? t('profiles.reports.consentWithdrawn')
              : t('profiles.reports.maxRetries')}
          </Alert>
        )}
        {/* Only a report whose source answered can say "No records found"; the others say where they stand. */}
        {!panelShowsFindings(report.type) &&
          (ANSWERED.has(report.status) ? (
            <FindingsList findings={report.findings.map((f) => toShownFinding(f, locale))} />
          ) : (
            stateText(t, report) && (
              <Text size="sm" data-testid="report-state">
                {stateText(t, report)}
              </Text>
            )
          ))}
        {/* A report type with its own panel (Sol's reference check, the watch lists' matches), registered by the app layer. */}
        {hasReportPanel(report.type) && (report.status !== 'INCOMPLETE' || panelShowsIncomplete(report.type)) && (
          <ReportPanel
            type={report.type}
            reportId={report.id}
            status={report.status}
            canReview={canReview}
            canWrite={canWrite}
            profileId={profileId}
            profileName={profileName}
            findings={report.findings}
          />
        )}
        {canRun && report.status !== 'PENDING' && (
          <Group justify="flex-end" className="no-print">
            {consentWithdrawn && (
              <Text size="xs" c="dimmed" id={`rerun-withdrawn-${report.id}`}>
                {t('profiles.reports.rerunWithdrawn')}
              </Text>
            )}
            <Button
              size="compact-sm"
              variant="default"
              onClick={onRerun}
              loading={rerun.isPending}
              disabled={consentWithdrawn}
              aria-describedby={consentWithdrawn ? `rerun-withdrawn-${report.id}` : undefined}
            >
              {t('profiles.reports.rerun')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
