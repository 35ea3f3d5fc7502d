import { findingSummary, WATCHLIST_SOURCE_IDS, type WatchlistSourceId } from '@centinela/shared';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportPanelProps } from '../../../lib/report-panels.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAlerts } from '../api/get-alerts.ts';
import { useAlertReview } from '../hooks/use-alert-review.ts';
import { useAlertsLive } from '../hooks/use-alerts-live.ts';
import { formatListDay } from '../utils/format.ts';
import { toMatch, toRuling } from '../utils/match.ts';
import { AlertCard } from './alert-card.tsx';
import { useMatchRuling } from '../hooks/use-match-ruling.ts';
import { MatchDetails } from './match-details.tsx';
import { RulingActions } from './ruling-actions.tsx';
import { RulingChange } from './ruling-change.tsx';
import { RulingModal } from './ruling-modal.tsx';
import { RulingNote } from './ruling-note.tsx';

const isSource = (v: unknown): v is WatchlistSourceId => (WATCHLIST_SOURCE_IDS as readonly unknown[]).includes(v);

/** What a reviewer reads first: entries tied by document, then by name, then notices about the lists. */
const rank = (f: Record<string, unknown>) => (f.kind !== 'watchlist_entry' ? 2 : f.matchedBy === 'id' ? 0 : 1);

/**
 * A list too old to trust: the report says so rather than pass silently. With no match on that list the
 * person is clean against the data of its date, not a finding; a file with no date of its own says so.
 */
function StaleNotice({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = isSource(record.source) ? t(`watchlists.sources.${record.source}`) : String(record.source ?? '');
  const asOf = typeof record.dataAsOf === 'string' ? formatListDay(record.dataAsOf, locale) : null;
  const when = asOf && t(record.clean === false ? 'watchlists.dataAsOf' : 'watchlists.staleClean', { date: asOf });
  const undated = record.undated === true || !asOf ? t('watchlists.undated') : null;
  return (
    <Alert color="blue" data-testid="watchlist-stale">
      <Text size="sm">{t('watchlists.staleFinding', { list, count: Number(record.maxAgeDays ?? 0) })}</Text>
      <Text size="xs" c="dimmed">
        {[when, undated].filter(Boolean).join(' · ')}
      </Text>
    </Alert>
  );
}

/**
 * The watch-lists report inside a person's flyout (a lazy chunk, registered by features/watchlists/register.ts):
 * each entry that matched, laid out to tell a homonym at a glance, stale-list notices, and the person's
 * open monitoring alerts with their review actions.
 */
export default function WatchlistReportPanel({
  findings,
  profileId,
  profileName,
  canReview,
  status,
}: ReportPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  useAlertsLive();
  const alerts = useAlerts({ state: 'open', profileId }, Boolean(profileId));
  const review = useAlertReview();
  const ruling = useMatchRuling(profileId, profileName);
  // A report still running has nothing settled to rule on yet.
  const canRule = canReview && Boolean(profileId) && status !== 'PENDING';
  const open = alerts.data?.alerts ?? [];
  return (
    <Stack gap="sm" data-testid="watchlist-panel">
      {/* "No entry matched" only once the lists answered; before, or after a failure, the card says where it stands. */}
      {findings.length === 0 && status !== 'PENDING' && status !== 'ERROR' && (
        <Text size="sm" c="dimmed">
          {t('watchlists.findings.none')}
        </Text>
      )}
      {findings.length > 0 && (
        <List
          spacing="md"
          listStyleType="none"
          aria-label={t('watchlists.findings.title')}
          styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
        >
          {[...findings]
            .sort((a, b) => rank(a) - rank(b))
            .map((f, i) => {
              const record = (f.record ?? {}) as Record<string, unknown>;
              const match = f.kind === 'watchlist_entry' ? toMatch(record) : null;
              const ruled = match ? toRuling(f.ruling) : null;
              return (
                <List.Item key={i} data-testid="finding">
                  {match ? (
                    <Stack gap="xs">
                      <MatchDetails match={match} />
                      {ruled && <RulingNote ruling={ruled} />}
                      {ruled && canRule && (
                        <RulingChange
                          key={ruled.at}
                          current={ruled.verdict}
                          matchedBy={match.matchedBy}
                          busy={ruling.busyFor(match)}
                          entry={match.name}
                          onRule={(v) => ruling.ask(match, v, ruled.verdict)}
                        />
                      )}
                      {!ruled && canRule && (
                        <RulingActions
                          matchedBy={match.matchedBy}
                          busy={ruling.busyFor(match)}
                          entry={match.name}
                          onRule={(v) => ruling.ask(match, v)}
                        />
                      )}
                    </Stack>
                  ) : f.kind === 'list_data_stale' ? (
                    <StaleNotice record={record} />
                  ) : (
                    <Text size="sm" data-testid={`finding-${String(f.kind)}`}>
                      {findingSummary(f as Record<string, unknown>, locale)}
                    </Text>
                  )}
                </List.Item>
              );
            })}
        </List>
      )}
      {open.length > 0 && (
        <Stack gap="xs">
          <Title order={5}>{t('watchlists.findings.alerts')}</Title>
          {open.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              details={false}
              canReview={canReview}
              busy={review.busy?.id === alert.id ? review.busy.resolution : undefined}
              onRule={review.ask}
            />
          ))}
          <RulingModal
            target={review.target}
            pending={review.pending}
            error={review.error}
            onSubmit={review.submit}
            onClose={review.cancel}
          />
        </Stack>
      )}
      <RulingModal
        target={ruling.target}
        pending={ruling.pending}
        error={ruling.error}
        onSubmit={ruling.submit}
        onClose={ruling.cancel}
      />
    </Stack>
  );
}
