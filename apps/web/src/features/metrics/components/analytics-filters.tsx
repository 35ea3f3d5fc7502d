import { Group, SegmentedControl, Select } from '@mantine/core';
import type { AnalyticsBucket, Country } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import DateRangeInput from '../../../components/ui/date-range-input.tsx';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

export type AnalyticsFilterState = {
  from: string;
  to: string;
  bucket: AnalyticsBucket;
  country: Country | null;
  pipelineId: string | null;
};
export type PipelineOption = { id: string; name: string };

type Props = {
  state: AnalyticsFilterState;
  onChange: (patch: Partial<AnalyticsFilterState>) => void;
  countries: Country[];
  pipelines: PipelineOption[];
};

/** Date range (calendar days, both included), day or week, country and pipeline. */
export function AnalyticsFilters({ state, onChange, countries, pipelines }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group align="flex-end" gap="sm">
      <DateRangeInput
        label={t('metrics.analytics.filters.range')}
        value={[state.from, state.to]}
        onChange={([from, to]) => {
          if (from && to) onChange({ from, to });
        }}
        allowSingleDateInRange
        maxDate={new Date()}
        // The page's language's day and month (dayjs locale), not ISO.
        valueFormat="D MMM YYYY"
        w={240}
      />
      <SegmentedControl
        aria-label={t('metrics.analytics.filters.bucket')}
        value={state.bucket}
        onChange={(bucket) => onChange({ bucket: bucket as AnalyticsBucket })}
        data={[
          { value: 'day', label: t('metrics.analytics.filters.day') },
          { value: 'week', label: t('metrics.analytics.filters.week') },
        ]}
      />
      <Select
        label={t('metrics.analytics.filters.country')}
        placeholder={t('metrics.analytics.filters.allCountries')}
        clearable
        value={state.country}
        onChange={(country) => onChange({ country: (country as Country | null) ?? null })}
        data={countries.filter((c) => c !== 'xx').map((c) => ({ value: c, label: countryName(c, locale) ?? c }))}
        w={180}
      />
      <Select
        label={t('metrics.analytics.filters.pipeline')}
        placeholder={t('metrics.analytics.filters.allPipelines')}
        clearable
        value={state.pipelineId}
        onChange={(pipelineId) => onChange({ pipelineId: pipelineId ?? null })}
        data={pipelines.map((p) => ({ value: p.id, label: p.name }))}
        w={200}
      />
    </Group>
  );
}
