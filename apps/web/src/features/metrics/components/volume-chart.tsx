import { AreaChart } from '@mantine/charts';
import type { AnalyticsBucket, TAnalyticsResponse } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatPeriod } from '../utils/format.ts';
import { ChartCard } from './chart-card.tsx';

type Row = { period: string; profiles: number; reports: number };

/** Persons and reports created per day or week. */
export function VolumeChart({ volume, bucket }: { volume: TAnalyticsResponse['volume']; bucket: AnalyticsBucket }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows: Row[] = volume.map((v) => ({ ...v, period: formatPeriod(v.period, bucket, locale) }));
  const hasData = volume.some((v) => v.profiles > 0 || v.reports > 0);
  return (
    <ChartCard
      title={t('metrics.analytics.volume.title')}
      description={t(bucket === 'week' ? 'metrics.analytics.volume.byWeek' : 'metrics.analytics.volume.byDay')}
      filename="volume"
      rows={hasData ? rows : []}
      columns={[
        {
          key: 'period',
          label: t(bucket === 'week' ? 'metrics.analytics.columns.week' : 'metrics.analytics.columns.day'),
        },
        {
          key: 'profiles',
          label: t('metrics.analytics.columns.profiles'),
          format: (v) => formatNumber(Number(v), locale),
        },
        {
          key: 'reports',
          label: t('metrics.analytics.columns.reports'),
          format: (v) => formatNumber(Number(v), locale),
        },
      ]}
      chart={() => (
        <AreaChart
          h={260}
          data={rows}
          dataKey="period"
          curveType="monotone"
          withLegend
          series={[
            { name: 'profiles', label: t('metrics.analytics.columns.profiles'), color: 'blue.6' },
            { name: 'reports', label: t('metrics.analytics.columns.reports'), color: 'teal.6' },
          ]}
        />
      )}
    />
  );
}
