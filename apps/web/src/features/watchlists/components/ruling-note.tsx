import type { TMatchRuling } from '@centinela/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME } from '../utils/format.ts';

const COLORS = { homonym: 'green', confirmed: 'red', acknowledged: 'gray' } as const;

/** How a match was ruled: the word, who and when, and why. */
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
    </Stack>
  );
}
