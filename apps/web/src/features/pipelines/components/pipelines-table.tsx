import type { TPipeline } from '@centinela/shared';
import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatList } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';
import { TableSection } from '../../../components/ui/table-section.tsx';

type PipelinesTableProps = { pipelines: TPipeline[]; onEdit: (p: TPipeline) => void; onDelete: (p: TPipeline) => void };

export function PipelinesTable({ pipelines, onEdit, onDelete }: PipelinesTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <TableSection
      minWidth={640}
      label={t('pipelines.title')}
      head={
        <>
          <Table.Th>{t('pipelines.columns.name')}</Table.Th>
          <Table.Th>{t('pipelines.columns.country')}</Table.Th>
          <Table.Th>{t('pipelines.columns.reports')}</Table.Th>
          <Table.Th>{t('pipelines.columns.actions')}</Table.Th>
        </>
      }
    >
      <Table.Tbody>
        {pipelines.map((p) => (
          <Table.Tr key={p.id} data-testid="pipeline-row">
            <Table.Td>
              <Text fw={500}>{p.name}</Text>
              <Text size="xs" c="dimmed">
                {p.description}
              </Text>
            </Table.Td>
            <Table.Td>{countryName(p.country, locale)}</Table.Td>
            <Table.Td>
              {formatList(
                p.reportTypes.map((r) => t(`reports.types.${r}`)),
                locale,
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <RowButton onClick={() => onEdit(p)} aria-label={t('pipelines.editNamed', { name: p.name })}>
                  {t('pipelines.edit')}
                </RowButton>
                <RowButton danger onClick={() => onDelete(p)} aria-label={t('pipelines.deleteNamed', { name: p.name })}>
                  {t('pipelines.delete')}
                </RowButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableSection>
  );
}
