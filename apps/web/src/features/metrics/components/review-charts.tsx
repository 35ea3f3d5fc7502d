import { BarChart } from '@mantine/charts';
import type { TAnalyticsResponse } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatDuration, formatPercent } from '../utils/format.ts';
import { ChartCard } from './chart-card.tsx';

/** Of the reports created in the range, how many needed a person to review them, per report type. */
export function ManualReviewChart({ manualReview }: { manualReview: TAnalyticsResponse['manualReview'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const total = manualReview.reduce((n, r) => n + r.reports, 0);
  const review = manualReview.reduce((n, r) => n + r.review, 0);
  const rows = manualReview.map((r) => ({
    type: t(`reports.types.${r.type}`),
    reports: r.reports,
    review: r.review,
    share: formatPercent(r.review, r.reports, locale),
  }));
  return (
    <ChartCard
      title={t('metrics.analytics.manualReview.title')}
      description={t('metrics.analytics.manualReview.description', { share: formatPercent(review, total, locale) })}
      filename="manual-review"
      rows={rows}
      columns={[
        { key: 'type', label: t('metrics.analytics.columns.reportType') },
        {
          key: 'reports',
          label: t('metrics.analytics.columns.reports'),
          format: (v) => formatNumber(Number(v), locale),
        },
        { key: 'review', label: t('metrics.analytics.columns.review'), format: (v) => formatNumber(Number(v), locale) },
        { key: 'share', label: t('metrics.analytics.columns.share') },
      ]}
      chart={() => (
        <BarChart
          h={260}
          type="stacked"
          data={rows.map((r) => ({ type: r.type, review: r.review, clear: r.reports - r.review }))}
          dataKey="type"
          withLegend
          series={[
            { name: 'review', label: t('metrics.analytics.columns.review'), color: 'yellow.6' },
            { name: 'clear', label: t('metrics.analytics.columns.noReview'), color: 'gray.4' },
          ]}
        />
      )}
    />
  );
}

/** Decisions per reviewer, and how long a person waited from the review finding to the decision. */
export function ReviewersChart({ reviewers }: { reviewers: TAnalyticsResponse['reviewers'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = reviewers.map((r) => ({
    user: r.username ?? t('metrics.analytics.reviewers.unknown'),
    reviews: r.reviews,
    p50: r.p50,
    p90: r.p90,
  }));
  const duration = (v: unknown) => formatDuration(v as number | null, locale);
  return (
    <ChartCard
      title={t('metrics.analytics.reviewers.title')}
      description={t('metrics.analytics.reviewers.description')}
      filename="reviewers"
      rows={rows}
      columns={[
        { key: 'user', label: t('metrics.analytics.columns.reviewer') },
        {
          key: 'reviews',
          label: t('metrics.analytics.columns.reviews'),
          format: (v) => formatNumber(Number(v), locale),
        },
        { key: 'p50', label: t('metrics.analytics.columns.waitP50'), format: duration },
        { key: 'p90', label: t('metrics.analytics.columns.waitP90'), format: duration },
      ]}
      chart={() => (
        <BarChart
          h={Math.max(200, rows.length * 34)}
          orientation="vertical"
          yAxisProps={{ width: 180 }}
          data={rows}
          dataKey="user"
          series={[{ name: 'reviews', label: t('metrics.analytics.columns.reviews'), color: 'violet.6' }]}
        />
      )}
    />
  );
}
