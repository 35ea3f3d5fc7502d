import { reportTypesFor, requiredCsvFields, type Country, type ReportType, type TPipeline } from '@centinela/shared';
import { Badge, Button, Checkbox, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { choiceComplete, typesOf, type ReportChoice } from '../utils/wizard-state.ts';
import { CreditCost } from './credit-cost.tsx';

type Props = {
  country: Country;
  pipelines: TPipeline[];
  rows: number;
  creditBalance: number | null;
  choice: ReportChoice;
  onChange: (c: ReportChoice) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 2: a pipeline or reports chosen one by one (at least one, SPEC §5), with the inputs they need and the reports they queue. */
export function ReportsStep({ country, pipelines, rows, creditBalance, choice, onChange, onBack, onNext }: Props) {
  const { t } = useTranslation();
  const types = typesOf(choice, pipelines);
  const required = requiredCsvFields(country, types);
  return (
    <Stack>
      <SegmentedControl
        value={choice.mode}
        onChange={(mode) =>
          onChange(mode === 'pipeline' ? { mode: 'pipeline', pipelineId: null } : { mode: 'advanced', reportTypes: [] })
        }
        data={[
          { value: 'pipeline', label: t('csvImport.reports.pipelineMode') },
          { value: 'advanced', label: t('csvImport.reports.advancedMode') },
        ]}
      />
      {choice.mode === 'pipeline' ? (
        <Select
          label={t('csvImport.reports.pipeline')}
          placeholder={pipelines.length ? t('csvImport.reports.pickPipeline') : t('csvImport.reports.noPipelines')}
          data={pipelines.map((p) => ({ value: p.id, label: p.name }))}
          value={choice.pipelineId}
          onChange={(pipelineId) => onChange({ mode: 'pipeline', pipelineId })}
        />
      ) : (
        <Checkbox.Group
          label={t('csvImport.reports.types')}
          value={choice.reportTypes}
          onChange={(v) => onChange({ mode: 'advanced', reportTypes: v as ReportType[] })}
        >
          <Stack gap={6} mt={6}>
            {reportTypesFor(country).map((type) => (
              <Checkbox key={type} value={type} label={t(`reports.types.${type}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {!choiceComplete(choice) && (
        <Text size="sm" c="dimmed">
          {t('csvImport.validation.reportsRequired')}
        </Text>
      )}
      {types.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('csvImport.reports.requires')}
          </Text>
          <Group gap={6}>
            {required.map((f) => (
              <Badge key={f} variant="light">
                {t(`csvImport.fields.${f}`)}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('csvImport.reports.cost', { count: rows * types.length, rows, reports: types.length })}
          </Text>
          <CreditCost types={types} rows={rows} balance={creditBalance} />
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('csvImport.back')}
        </Button>
        <Button onClick={onNext} disabled={!choiceComplete(choice)}>
          {t('csvImport.next')}
        </Button>
      </Group>
    </Stack>
  );
}
