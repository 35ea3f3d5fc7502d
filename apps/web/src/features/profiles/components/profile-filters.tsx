import { CREATED_AS, type Country, type CreatedAs, type TPipeline } from '@centinela/shared';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select.tsx';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DEFAULT_STATE, type ListState } from '../utils/filters.ts';
import { SearchInput } from './search-input.tsx';
import { SortControl } from './sort-control.tsx';

type ProfileFiltersProps = {
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
  /** Offered in the country filter; none on a country's own page. */
  countries: Country[];
  pipelines: TPipeline[];
};

/** Search, country, pipeline, how created, creation dates and sort; every value lives in the URL. */
export function ProfileFilters({ state, onChange, countries, pipelines }: ProfileFiltersProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SearchInput value={state.q} onChange={(q) => onChange({ q })} />
      {countries.length > 0 && (
        <Select
          label={t('profiles.filters.country')}
          placeholder={t('profiles.filters.any')}
          data={countries.map((c) => ({ value: c, label: countryName(c, locale) ?? c }))}
          value={state.country}
          onChange={(v) => onChange({ country: (v as Country | null) ?? null })}
          clearable
          w={170}
        />
      )}
      <Select
        label={t('profiles.filters.pipeline')}
        placeholder={t('profiles.filters.any')}
        data={pipelines.map((p) => ({ value: p.id, label: p.name }))}
        value={state.pipelineId}
        onChange={(v) => onChange({ pipelineId: v })}
        clearable
        searchable
        w={180}
      />
      <Select
        label={t('profiles.filters.createdAs')}
        placeholder={t('profiles.filters.any')}
        data={CREATED_AS.map((c) => ({ value: c, label: t(`profiles.createdAs.${c}`) }))}
        value={state.createdAs}
        onChange={(v) => onChange({ createdAs: (v as CreatedAs | null) ?? null })}
        clearable
        w={160}
      />
      {/* The browser's own date fields: nothing to load, and its picker speaks the device's language. */}
      <TextInput
        type="date"
        label={t('profiles.filters.createdFrom')}
        value={state.from ?? ''}
        max={state.to ?? undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        w={150}
      />
      <TextInput
        type="date"
        label={t('profiles.filters.createdTo')}
        value={state.to ?? ''}
        min={state.from ?? undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        w={150}
      />
      <SortControl sort={state.sort} order={state.order} onChange={onChange} />
      <Button variant="subtle" onClick={() => onChange({ ...DEFAULT_STATE, sort: state.sort, order: state.order })}>
        {t('profiles.filters.clear')}
      </Button>
    </Group>
  );
}
