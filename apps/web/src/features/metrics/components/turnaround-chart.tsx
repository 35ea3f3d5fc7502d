import { BarChart } from '@mantine/charts';
import type { TAnalyticsResponse } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { countryName, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatDuration, toHours } from '../utils/format.ts';
import { ChartCard } from './chart-card.tsx';

type Row = { type: string; country: string; reports: number; p50: number | null; p90: number | null };

/** How long reports took from request to result, p50 and p90, per report type and country. */
export function TurnaroundChart({ turnaround }: { turnaround: TAnalyticsResponse['turnaround'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows: Row[] = turnaround.map((r) => ({
    ...r,
    type: t(`reports.types.${r.type}`),
    country: countryName(r.country, locale) ?? r.country,
  }));
  const duration = (v: unknown) => formatDuration(v as number | null, locale);
  return (
    <ChartCard
      title={t('metrics.analytics.turnaround.title')}
      description={t('metrics.analytics.turnaround.description')}
      filename="turnaround"
      rows={rows}
      columns={[
        { key: 'type', label: t('metrics.analytics.columns.reportType') },
        { key: 'country', label: t('metrics.analytics.columns.country') },
        {
          key: 'reports',
          label: t('metrics.analytics.columns.reports'),
          format: (v) => formatNumber(Number(v), locale),
        },
        { key: 'p50', label: t('metrics.analytics.columns.p50'), format: duration },
        { key: 'p90', label: t('metrics.analytics.columns.p90'), format: duration },
      ]}
      chart={() => (
        <BarChart
          h={Math.max(220, rows.length * 34)}
          orientation="vertical"
          yAxisProps={{ width: 200 }}
          // Hours on the value axis only: \`unit\` was appended to the category labels too ("Brasilh").
          valueFormatter={(v) => formatNumber(v, locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' })}
          data={rows.map((r) => ({ label: `${r.type} · ${r.country}`, p50: toHours(r.p50), p90: toHours(r.p90) }))}
          dataKey="label"
          withLegend
          series={[
            { name: 'p50', label: t('metrics.analytics.columns.p50'), color: 'blue.6' },
            { name: 'p90', label: t('metrics.analytics.columns.p90'), color: 'indigo.3' },
          ]}
        />
      )}
    />
  );
}
