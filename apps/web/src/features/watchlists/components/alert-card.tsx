import type { TWatchlistAlert, WatchlistAlertResolution } from '@centinela/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME } from '../utils/format.ts';
import { MatchDetails } from './match-details.tsx';
import { RulingActions } from './ruling-actions.tsx';
import { RulingChange } from './ruling-change.tsx';

type AlertCardProps = {
  alert: TWatchlistAlert;
  /** Where the person's flyout is, when the card links to it (not inside the flyout itself). */
  personHref?: string;
  /** The entry's details; the flyout, which shows them just above as the report's finding, names the entry only. */
  details?: boolean;
  canReview: boolean;
  /** The resolution being sent for this alert, if any. */
  busy?: WatchlistAlertResolution;
  /** A ruling chosen: it asks its reason and a confirmation next. */
  onRule: (alert: TWatchlistAlert, resolution: WatchlistAlertResolution) => void;
};

/**
 * One alert: who, what the list says, and — open, for a reviewer — the ways to rule on it (with the reason
 * once ruled); a match's ruling can be changed from here too.
 */
export function AlertCard({ alert, personHref, details = true, canReview, busy, onRule }: AlertCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const open = alert.resolution === null;
  const delisted = alert.kind === 'delisted';
  return (
    <Paper
      withBorder
      p="sm"
      component="article"
      aria-label={t('watchlists.alerts.label', { name: alert.profileName })}
      data-testid="watchlist-alert"
      data-alert-id={alert.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            {personHref ? (
              <Anchor component={Link} to={personHref} fw={700}>
                {alert.profileName}
              </Anchor>
            ) : (
              <Text fw={700}>{alert.profileName}</Text>
            )}
            <Text size="xs" c="dimmed">
              {t('watchlists.alerts.found', {
                date: formatDate(alert.createdAt, locale, DATE_TIME),
                seq: alert.versionSeq,
              })}
            </Text>
          </Stack>
          <Badge color={delisted ? 'teal' : 'red'} variant="light">
            {t(`watchlists.alerts.kinds.${alert.kind}`)}
          </Badge>
        </Group>
        {details ? (
          <MatchDetails match={alert.match} />
        ) : (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('watchlists.alerts.entry', {
              name: alert.match.name,
              list: t(`watchlists.sources.${alert.match.source}`),
            })}
          </Text>
        )}
        {!open && (
          <Text size="sm" c="dimmed">
            {t('watchlists.alerts.reviewed', {
              resolution: t(`watchlists.alerts.resolutions.${alert.resolution!}`),
              by: alert.reviewedBy ?? '—',
              date: alert.reviewedAt ? formatDate(alert.reviewedAt, locale, DATE_TIME) : '—',
            })}
          </Text>
        )}
        {!open && alert.reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('watchlists.review.ruledReason', { reason: alert.reason })}
          </Text>
        )}
        {!open && !delisted && canReview && (
          <RulingChange
            key={alert.reviewedAt ?? ''}
            current={alert.resolution!}
            matchedBy={alert.match.matchedBy}
            busy={busy}
            entry={alert.match.name}
            onRule={(v) => onRule(alert, v)}
          />
        )}
        {open && canReview && (
          <RulingActions
            matchedBy={alert.match.matchedBy}
            delisted={delisted}
            busy={busy}
            entry={alert.match.name}
            onRule={(v) => onRule(alert, v)}
          />
        )}
      </Stack>
    </Paper>
  );
}
