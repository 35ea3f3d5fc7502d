import type { TManagedUser } from '@centinela/shared';
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VirtualTbody, VIRTUALIZE_FROM } from '../../../components/ui/virtual-tbody.tsx';
import { countryName, formatList } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { RowSelection } from '../hooks/use-row-selection.ts';
import { RowCheckbox, SelectAllCheckbox } from './select-checkbox.tsx';
import { RowButton } from '../../../components/ui/row-button.tsx';
import { TableSection } from '../../../components/ui/table-section.tsx';

type UsersTableProps = {
  users: TManagedUser[];
  selection: RowSelection;
  showOwner: boolean;
  /** Whether the signed-in user may change this one (nobody changes a user whose role is above theirs). */
  canManage: (user: TManagedUser) => boolean;
  onKeys: (user: TManagedUser) => void;
};

export function UsersTable({ users, selection, showOwner, canManage, onKeys }: UsersTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <TableSection
      minWidth={760}
      label={t('management.users.title')}
      tableProps={{
        verticalSpacing: 'xs',
        highlightOnHover: true,
        'aria-rowcount': users.length > VIRTUALIZE_FROM ? users.length + 1 : undefined,
      }}
      head={
        <>
          <Table.Th w={40}>
            <SelectAllCheckbox
              selection={selection}
              ids={users.filter(canManage).map((u) => u.id)}
              label={t('management.selectAll')}
            />
          </Table.Th>
          <Table.Th>{t('management.users.fields.username')}</Table.Th>
          {showOwner && <Table.Th>{t('management.users.fields.ownerId')}</Table.Th>}
          <Table.Th>{t('management.users.fields.roles')}</Table.Th>
          <Table.Th>{t('management.users.fields.availableCountries')}</Table.Th>
          <Table.Th>{t('management.users.fields.status')}</Table.Th>
          <Table.Th>{t('management.columns.actions')}</Table.Th>
        </>
      }
    >
      <VirtualTbody rows={users} estimate={53} columns={showOwner ? 7 : 6}>
        {(u, _index, rowProps) => (
          <Table.Tr
            key={u.id}
            {...rowProps}
            data-testid="user-row"
            bg={selection.has(u.id) ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Table.Td>
              <RowCheckbox
                selection={selection}
                id={u.id}
                label={t('management.selectNamed', { name: u.username })}
                disabled={!canManage(u)}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {u.username}
              </Text>
            </Table.Td>
            {showOwner && <Table.Td>{u.owner?.name ?? t('management.users.platformStaff')}</Table.Td>}
            <Table.Td>
              {formatList(
                u.roles.map((r) => t(`management.roles.${r}`)),
                locale,
              )}
            </Table.Td>
            <Table.Td>
              {formatList(
                u.availableCountries.map((c) => countryName(c, locale) ?? c),
                locale,
              )}
              {u.defaultCountry && (
                <Text size="xs" c="dimmed">
                  {t('management.users.defaultIs', {
                    country: countryName(u.defaultCountry, locale) ?? u.defaultCountry,
                  })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={u.status === 'active' ? 'green' : 'gray'} variant="light">
                {t(`management.statuses.${u.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {u.owner && u.apiKeyMode === 'own' && canManage(u) && (
                  <RowButton
                    onClick={() => onKeys(u)}
                    aria-label={t('management.keys.openNamed', { name: u.username })}
                  >
                    {t('management.keys.open')}
                  </RowButton>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </VirtualTbody>
    </TableSection>
  );
}
