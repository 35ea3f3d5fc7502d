import type { TMatchRuling } from '@centinela/shared';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME } from '../utils/format.ts';

const COLORS = { homonym: 'green', confirmed: 'red', acknowledged: 'gray' } as const;

/** How a match was ruled: the word, who and when, and why; then the rulings it replaced, newest first. */
export function RulingNote({ ruling }: { ruling: TMatchRuling }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={2} data-testid="match-ruling" data-verdict={ruling.verdict}>
      <Group gap="xs">
        <Badge color={COLORS[ruling.verdict]} variant="light">
          {t(`watchlists.alerts.resolutions.${ruling.verdict}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('watchlists.review.ruledBy', { by: ruling.by ?? '—', date: formatDate(ruling.at, locale, DATE_TIME) })}
        </Text>
      </Group>
      {ruling.reason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('watchlists.review.ruledReason', { reason: ruling.reason })}
        </Text>
      )}
      {ruling.history && ruling.history.length > 0 && (
        <List size="xs" c="dimmed" aria-label={t('watchlists.review.history')} data-testid="ruling-history">
          {ruling.history.map((past) => (
            <List.Item key={past.at} style={{ overflowWrap: 'anywhere' }}>
              {t('watchlists.review.replaced', {
                verdict: t(`watchlists.alerts.resolutions.${past.verdict}`),
                by: past.by ?? '—',
                date: formatDate(past.at, locale, DATE_TIME),
              })}
              {past.reason && ` · ${t('watchlists.review.ruledReason', { reason: past.reason })}`}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
