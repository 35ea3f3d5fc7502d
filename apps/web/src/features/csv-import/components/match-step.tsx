import { CSV_FIELDS, mappingProblems, type CsvField, type CsvMapping } from '@centinela/shared';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  headers: string[];
  required: CsvField[];
  mapping: CsvMapping;
  onChange: (m: CsvMapping) => void;
  onBack: () => void;
  onNext: () => void;
};

/**
 * Step 3 (SPEC §5): every required field matched to one and only one column; a column already used
 * is refused on the second field; missing fields are listed. Columns start auto-matched by header name.
 */
export function MatchStep({ headers, required, mapping, onChange, onBack, onNext }: Props) {
  const { t } = useTranslation();
  const problems = mappingProblems(mapping, required, headers);
  const missing = problems.filter((p) => p.kind === 'missing').map((p) => p.field);
  const fields = [...required, ...CSV_FIELDS.filter((f) => !required.includes(f))];
  const owner = (column: string) => CSV_FIELDS.find((f) => mapping[f] === column);

  const choose = (field: CsvField, column: string | null) => {
    const next = { ...mapping };
    if (column) next[field] = column;
    else delete next[field];
    onChange(next);
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((field) => {
          const isRequired = required.includes(field);
          const duplicate = problems.find((p) => p.kind === 'duplicate' && p.field === field);
          return (
            <Select
              key={field}
              label={
                <Group gap={6} component="span">
                  {t(`csvImport.fields.${field}`)}
                  {isRequired && (
                    <Badge size="xs" variant="light">
                      {t('csvImport.match.required')}
                    </Badge>
                  )}
                </Group>
              }
              aria-label={t(`csvImport.fields.${field}`)}
              placeholder={t('csvImport.match.noColumn')}
              data={headers.map((h) => {
                const taken = owner(h);
                return {
                  value: h,
                  label:
                    taken && taken !== field
                      ? t('csvImport.match.taken', { column: h, field: t(`csvImport.fields.${taken}`) })
                      : h,
                  disabled: Boolean(taken && taken !== field),
                };
              })}
              value={mapping[field] ?? null}
              onChange={(column) => choose(field, column)}
              clearable
              error={
                duplicate
                  ? t('csvImport.validation.duplicateColumn')
                  : isRequired && !mapping[field]
                    ? t('csvImport.match.missingField')
                    : undefined
              }
            />
          );
        })}
      </SimpleGrid>
      {missing.length > 0 && (
        <Alert color="orange" title={t('errors.csv_missing_fields')} role="alert">
          {missing.map((f) => t(`csvImport.fields.${f}`)).join(', ')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('csvImport.back')}
        </Button>
        <Button onClick={onNext} disabled={problems.length > 0}>
          {t('csvImport.next')}
        </Button>
      </Group>
    </Stack>
  );
}
