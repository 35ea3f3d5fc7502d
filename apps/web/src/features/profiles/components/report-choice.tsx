import { reportTypesFor, type Country, type ReportType, type TPipeline } from '@centinela/shared';
import { Badge, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CandidateValues } from '../utils/candidate.ts';

type ReportChoiceProps = {
  form: UseFormReturnType<CandidateValues>;
  pipelines: TPipeline[];
  lockedReportTypes?: readonly ReportType[];
};

/** A pipeline of the chosen country, or reports picked from that country's catalogue. */
export function ReportChoice({ form, pipelines, lockedReportTypes = [] }: ReportChoiceProps) {
  const { t } = useTranslation();
  const { country, mode } = form.getValues();
  const types = country ? reportTypesFor(country as Country) : [];
  const locked = (type: ReportType) => lockedReportTypes.includes(type);
  // A pipeline with a type the plan lacks cannot run (the server refuses it): shown, but not choosable.
  const options = pipelines.filter((p) => p.country === country);
  const anyLocked = types.some(locked);
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
          data={options.map((p) => ({
            value: p.id,
            label: p.reportTypes.some(locked) ? `${p.name} (${t('credits.upgrade.locked')})` : p.name,
            disabled: p.reportTypes.some(locked),
          }))}
          nothingFoundMessage={t('profiles.create.noPipelines')}
          {...form.getInputProps('pipelineId')}
        />
      ) : (
        <Checkbox.Group
          label={t('profiles.create.reports')}
          {...form.getInputProps('reportTypes')}
          onChange={(v) => form.setFieldValue('reportTypes', v as ReportType[])}
        >
          {/* One column on a phone, and the badge may go under its name: two columns cut "Not in your plan". */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
            {types.map((type) =>
              locked(type) ? (
                <Checkbox
                  key={type}
                  value={type}
                  disabled
                  label={
                    <Group gap={6} wrap="wrap">
                      {t(`reports.types.${type}`)}
                      <Badge size="xs" variant="light" color="gray">
                        {t('credits.upgrade.locked')}
                      </Badge>
                    </Group>
                  }
                />
              ) : (
                <Checkbox key={type} value={type} label={t(`reports.types.${type}`)} />
              ),
            )}
          </SimpleGrid>
          {anyLocked && (
            <Text size="xs" c="dimmed" mt={6}>
              {t('credits.upgrade.lockedHint')}
            </Text>
          )}
        </Checkbox.Group>
      )}
    </Stack>
  );
}
