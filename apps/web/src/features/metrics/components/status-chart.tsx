import { DonutChart } from '@mantine/charts';
import type { ProfileStatus, TAnalyticsResponse } from '@centinela/shared';
import { ColorSwatch, Group, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatPercent } from '../utils/format.ts';
import { ChartCard } from './chart-card.tsx';

const COLORS: Record<ProfileStatus, string> = {
  PASSED: 'green.6',
  FAILED: 'red.6',
  PENDING: 'blue.5',
  PENDING_MANUAL_REVIEW: 'yellow.6',
  INFO: 'cyan.5',
  INCOMPLETE: 'orange.5',
  ERROR: 'pink.7',
  PRECANDIDATE: 'gray.5',
};

type Row = { status: string; count: number; share: string };

/** Where the persons created in the range stand now. */
export function StatusChart({ statuses }: { statuses: TAnalyticsResponse['statuses'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const total = statuses.reduce((n, s) => n + s.count, 0);
  const rows: Row[] = statuses.map((s) => ({
    status: t(`profiles.status.${s.status}`),
    count: s.count,
    share: formatPercent(s.count, total, locale),
  }));
  return (
    <ChartCard
      title={t('metrics.analytics.statuses.title')}
      description={t('metrics.analytics.statuses.description')}
      filename="statuses"
      rows={rows}
      columns={[
        { key: 'status', label: t('metrics.analytics.columns.status') },
        {
          key: 'count',
          label: t('metrics.analytics.columns.profiles'),
          format: (v) => formatNumber(Number(v), locale),
        },
        { key: 'share', label: t('metrics.analytics.columns.share') },
      ]}
      chart={() => (
        <Group justify="center" align="center" gap="lg">
          <DonutChart
            size={200}
            thickness={28}
            withLabelsLine
            withLabels
            data={statuses.map((s) => ({
              name: t(`profiles.status.${s.status}`),
              value: s.count,
              color: COLORS[s.status],
            }))}
          />
          {/* The legend: each colour's status, count and share, also for readers who cannot tell colours apart. */}
          <Stack gap={4}>
            <List listStyleType="none" spacing={4} size="sm" aria-label={t('metrics.analytics.legend')}>
              {statuses.map((s, i) => (
                <List.Item
                  key={s.status}
                  icon={<ColorSwatch size={12} color={`var(--mantine-color-${COLORS[s.status].replace('.', '-')})`} />}
                >
                  {`${rows[i]!.status}: ${formatNumber(s.count, locale)} (${rows[i]!.share})`}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Group>
      )}
    />
  );
}
