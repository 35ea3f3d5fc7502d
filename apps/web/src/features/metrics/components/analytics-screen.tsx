import '@mantine/charts/styles.css';
import { ANALYTICS_DEFAULT_DAYS, type Country } from '@centinela/shared';
import { Group, Loader, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { useAnalytics } from '../api/get-analytics.ts';
import { localDay } from '../utils/format.ts';
import { browserTimeZone } from '../utils/time-zone.ts';
import { AnalyticsFilters, type AnalyticsFilterState, type PipelineOption } from './analytics-filters.tsx';
import { CreditsChart } from './credits-chart.tsx';
import { ManualReviewChart, ReviewersChart } from './review-charts.tsx';
import { StatusChart } from './status-chart.tsx';
import { TurnaroundChart } from './turnaround-chart.tsx';
import { VolumeChart } from './volume-chart.tsx';

type Props = { countries: Country[]; pipelines: PipelineOption[] };

/** The analytics page: filters above six charts, each with its table and CSV. */
export function AnalyticsScreen({ countries, pipelines }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<AnalyticsFilterState>(() => ({
    from: localDay(-(ANALYTICS_DEFAULT_DAYS - 1)),
    to: localDay(),
    bucket: 'day',
    country: null,
    pipelineId: null,
  }));
  const query = {
    ...state,
    country: state.country ?? undefined,
    pipelineId: state.pipelineId ?? undefined,
    tz: browserTimeZone(),
  };
  const { data, isPending, isError, error, refetch, isFetching } = useAnalytics(query);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('metrics.analytics.title')}</Title>
        {isFetching && !isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      </Group>
      <AnalyticsFilters
        state={state}
        onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
        countries={countries}
        pipelines={pipelines}
      />
      {isError && !data ? (
        <PageError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={320} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <VolumeChart volume={data.volume} bucket={data.range.bucket} />
          <StatusChart statuses={data.statuses} />
          <TurnaroundChart turnaround={data.turnaround} />
          <ManualReviewChart manualReview={data.manualReview} />
          <ReviewersChart reviewers={data.reviewers} />
          <CreditsChart credits={data.credits} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
