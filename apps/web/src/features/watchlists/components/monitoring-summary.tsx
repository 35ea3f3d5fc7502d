import type { TMonitoringSummary } from '@centinela/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatListDay } from '../utils/format.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The owner's monitoring in one look: persons enrolled, open alerts, each list's version and how fresh it is. */
export function MonitoringSummary({ summary }: { summary: TMonitoringSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure
          label={t('watchlists.monitoring.enrolled')}
          value={formatNumber(summary.enrolled, locale)}
          testId="monitoring-enrolled"
        />
        <Figure
          label={t('watchlists.monitoring.openAlerts')}
          value={formatNumber(summary.openAlerts, locale)}
          testId="monitoring-open-alerts"
        />
      </SimpleGrid>
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="sm"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('watchlists.monitoring.lists')}
      >
        {summary.lists.map((list) => (
          <Paper component="li" withBorder p="sm" key={list.source} data-testid="monitoring-list">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600}>{t(`watchlists.sources.${list.source}`)}</Text>
              <Badge color={list.stale ? 'orange' : 'green'} variant="light" style={{ flexShrink: 0 }}>
                {list.stale ? t('watchlists.stale') : t('watchlists.fresh')}
              </Badge>
            </Group>
            <Text size="sm">{t('watchlists.monitoring.version', { seq: list.seq, count: list.entries })}</Text>
            <Text size="xs" c="dimmed">
              {list.publishedAt
                ? t('watchlists.dataAsOf', { date: formatListDay(list.publishedAt, locale) })
                : t('watchlists.undated')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
