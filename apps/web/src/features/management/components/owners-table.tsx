import { plansPayingWithCredits, type OwnerSort, type TOwner } from '@centinela/shared';
import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VirtualTbody, VIRTUALIZE_FROM } from '../../../components/ui/virtual-tbody.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { RowSelection } from '../hooks/use-row-selection.ts';
import { RowCheckbox, SelectAllCheckbox } from './select-checkbox.tsx';
import { RowButton } from '../../../components/ui/row-button.tsx';
import { TableSection } from '../../../components/ui/table-section.tsx';

const ARROWS = { asc: '▲', desc: '▼' } as const;

type Sort = { sort: OwnerSort; order: 'asc' | 'desc' };
type OwnersTableProps = {
  owners: TOwner[];
  selection: RowSelection;
  sort: Sort;
  onSort: (sort: Sort) => void;
  onEdit: (owner: TOwner) => void;
  onKeys: (owner: TOwner) => void;
  onDelete: (owner: TOwner) => void;
};

/** A column header that sorts by it; pressing it again reverses the order. */
function SortHeader({
  column,
  sort,
  onSort,
  label,
}: {
  column: OwnerSort;
  sort: Sort;
  onSort: (s: Sort) => void;
  label: string;
}) {
  const active = sort.sort === column;
  const next = active && sort.order === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort({ sort: column, order: next })} fw={600} fz="sm">
        {label} {active ? ARROWS[sort.order] : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

export function OwnersTable({ owners, selection, sort, onSort, onEdit, onKeys, onDelete }: OwnersTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <TableSection
      minWidth={760}
      label={t('management.owners.title')}
      tableProps={{
        verticalSpacing: 'xs',
        highlightOnHover: true,
        'aria-rowcount': owners.length > VIRTUALIZE_FROM ? owners.length + 1 : undefined,
      }}
      head={
        <>
          <Table.Th w={40}>
            <SelectAllCheckbox selection={selection} ids={owners.map((o) => o.id)} label={t('management.selectAll')} />
          </Table.Th>
          <SortHeader column="codeName" sort={sort} onSort={onSort} label={t('management.owners.fields.codeName')} />
          <SortHeader column="name" sort={sort} onSort={onSort} label={t('management.owners.fields.name')} />
          <SortHeader column="plan" sort={sort} onSort={onSort} label={t('management.owners.fields.plan')} />
          <Table.Th>{t('management.owners.fields.creditsAvailable')}</Table.Th>
          <Table.Th>{t('management.owners.columns.users')}</Table.Th>
          <Table.Th>{t('management.columns.actions')}</Table.Th>
        </>
      }
    >
      <VirtualTbody rows={owners} estimate={49} columns={7}>
        {(o, _index, rowProps) => (
          <Table.Tr
            key={o.id}
            {...rowProps}
            data-testid="owner-row"
            bg={selection.has(o.id) ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Table.Td>
              <RowCheckbox selection={selection} id={o.id} label={t('management.selectNamed', { name: o.name })} />
            </Table.Td>
            <Table.Td>
              <Text ff="monospace" size="sm">
                {o.codeName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fw={500}>{o.name}</Text>
              {o.deferredApiSync && (
                <Badge size="xs" variant="light">
                  {t('management.owners.fields.deferredApiSync')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{t(`plans.${o.plan}`)}</Table.Td>
            <Table.Td>
              {/* A plan that does not pay with credits has no balance: its 0 would read as "none left". */}
              {plansPayingWithCredits(o.plan)
                ? formatNumber(o.creditsAvailable, locale)
                : t('management.owners.unlimited')}
            </Table.Td>
            <Table.Td>{formatNumber(o.userCount, locale)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <RowButton onClick={() => onEdit(o)} aria-label={t('management.editNamed', { name: o.name })}>
                  {t('management.edit')}
                </RowButton>
                <RowButton onClick={() => onKeys(o)} aria-label={t('management.keys.openNamed', { name: o.name })}>
                  {t('management.keys.open')}
                </RowButton>
                <RowButton
                  danger
                  onClick={() => onDelete(o)}
                  aria-label={t('management.deleteNamed', { name: o.name })}
                >
                  {t('management.delete')}
                </RowButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </VirtualTbody>
    </TableSection>
  );
}
