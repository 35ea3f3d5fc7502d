import { reportTypesFor, type Country, type ReportType, type TPipeline } from '@centinela/shared';
import { Checkbox, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CandidateValues } from '../utils/candidate.ts';

type ReportChoiceProps = { form: UseFormReturnType<CandidateValues>; pipelines: TPipeline[] };

/** A pipeline of the chosen country, or reports picked from that country's catalogue. */
export function ReportChoice({ form, pipelines }: ReportChoiceProps) {
  const { t } = useTranslation();
  const { country, mode } = form.getValues();
  const types = country ? reportTypesFor(country as Country) : [];
  const options = pipelines.filter((p) => p.country === country);
  return (
    <Stack gap="xs">
      <SegmentedControl
        data={[
          { value: 'reports', label: t('profiles.create.chooseReports') },
          { value: 'pipeline', label: t('profiles.create.usePipeline') },
        ]}
        {...form.getInputProps('mode')}
      />
      {mode === 'pipeline' ? (
        <Select
          label={t('profiles.fields.pipeline')}
          data={options.map((p) => ({ value: p.id, label: p.name }))}
          nothingFoundMessage={t('profiles.create.noPipelines')}
          {...form.getInputProps('pipelineId')}
        />
      ) : (
        <Checkbox.Group
          label={t('profiles.create.reports')}
          {...form.getInputProps('reportTypes')}
          onChange={(v) => form.setFieldValue('reportTypes', v as ReportType[])}
        >
          <SimpleGrid cols={2} spacing={6} mt={6}>
            {types.map((type) => (
              <Checkbox key={type} value={type} label={t(`reports.types.${type}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
