import {
  PIPELINE_NAME_MAX,
  reportTypesFor,
  ZCreatePipelineRequest,
  type Country,
  type ReportType,
  type TPipeline,
} from '@centinela/shared';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formErrors } from '../../../lib/form-validation.ts';

export type PipelineValues = { name: string; description: string; country: string; reportTypes: ReportType[] };
const FIELDS = ['name', 'description', 'country', 'reportTypes'] as const;

export const toPipelineRequest = (v: PipelineValues) => ({
  name: v.name,
  description: v.description.trim() || null,
  country: (v.country || undefined) as Country,
  reportTypes: v.reportTypes,
});

type PipelineFormProps = {
  pipeline?: TPipeline;
  countries: Country[];
  pending: boolean;
  onSubmit: (v: PipelineValues) => void;
};

/** Name (at most 21 characters, SPEC §9), description, country, and that country's reports. */
export function PipelineForm({ pipeline, countries, pending, onSubmit }: PipelineFormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`pipelines.fields.${f}`)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const form = useForm<PipelineValues>({
    initialValues: {
      name: pipeline?.name ?? '',
      description: pipeline?.description ?? '',
      country: pipeline?.country ?? (countries.length === 1 ? countries[0]! : ''),
      reportTypes: pipeline?.reportTypes ?? [],
    },
    validateInputOnBlur: true,
    validate: (v) =>
      formErrors(ZCreatePipelineRequest, toPipelineRequest(v), t, i18n.language, labels, 'pipelines.validation.'),
    onValuesChange: (v, prev) => {
      if (v.country !== prev.country) form.setFieldValue('reportTypes', []);
    },
  });
  const { name, country } = form.getValues();
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={labels.name}
          withAsterisk
          description={t('pipelines.nameCount', { n: name.length, max: PIPELINE_NAME_MAX })}
          {...form.getInputProps('name')}
        />
        <Textarea label={labels.description} autosize minRows={2} {...form.getInputProps('description')} />
        <Select
          label={labels.country}
          withAsterisk
          data={countries.filter((c) => c !== 'xx').map((c) => ({ value: c, label: countryName(c, locale) ?? c }))}
          {...form.getInputProps('country')}
        />
        <Checkbox.Group label={labels.reportTypes} withAsterisk {...form.getInputProps('reportTypes')}>
          <SimpleGrid cols={2} spacing={6} mt={6}>
            {(country ? reportTypesFor(country as Country) : []).map((type) => (
              <Checkbox key={type} value={type} label={t(`reports.types.${type}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('pipelines.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
