import { DonutChart } from '@mantine/charts';
import type { ProfileStatus, TAnalyticsResponse } from '@centinela/shared';
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
  const rows: Row[] = statuses.map((s) => ({ status: t(`profiles.status.${s.status}`), count: s.count, share: formatPercent(s.count, total, locale) }));
  return (
    <ChartCard
      title={t('metrics.analytics.statuses.title')}
      description={t('metrics.analytics.statuses.description')}
      filename="statuses"
      rows={rows}
      columns={[
        { key: 'status', label: t('metrics.analytics.columns.status') },
        { key: 'count', label: t('metrics.analytics.columns.profiles'), format: (v) => formatNumber(Number(v), locale) },
        { key: 'share', label: t('metrics.analytics.columns.share') },
      ]}
      chart={() => (
        <DonutChart
          size={200}
          thickness={28}
          mx="auto"
          withLabelsLine
          withLabels
          data={statuses.map((s) => ({ name: t(`profiles.status.${s.status}`), value: s.count, color: COLORS[s.status] }))}
        />
      )}
    />
  );
}
