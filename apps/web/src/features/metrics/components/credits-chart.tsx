import { BarChart } from '@mantine/charts';
import type { TAnalyticsResponse } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { ChartCard } from './chart-card.tsx';

/** Credits spent in the range per report type (debits net of refunds); only credit plans spend any. */
export function CreditsChart({ credits }: { credits: TAnalyticsResponse['credits'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = credits.map((c) => ({ type: t(`reports.types.${c.type}`), reports: c.reports, credits: c.credits }));
  const number = (v: unknown) => formatNumber(Number(v), locale);
  return (
    <ChartCard
      title={t('metrics.analytics.credits.title')}
      description={t('metrics.analytics.credits.description')}
      filename="credits"
      rows={rows}
      columns={[
        { key: 'type', label: t('metrics.analytics.columns.reportType') },
        { key: 'reports', label: t('metrics.analytics.columns.reports'), format: number },
        { key: 'credits', label: t('metrics.analytics.columns.credits'), format: number },
      ]}
      chart={() => (
        <BarChart
          h={240}
          data={rows}
          dataKey="type"
          series={[{ name: 'credits', label: t('metrics.analytics.columns.credits'), color: 'grape.6' }]}
        />
      )}
    />
  );
}
