import type { Role, TCreateUsersResponse } from '@centinela/shared';
import { Badge, Button, Checkbox, Group, Loader, Modal, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { useExternalUsers, useImportUsers } from '../api/identity.ts';
import { RolesField } from './user-settings-fields.tsx';

type Props = {
  opened: boolean;
  onClose: () => void;
  owners: { value: string; label: string }[] | null;
  grantable: readonly Role[];
  onDone: (result: TCreateUsersResponse) => void;
  onError: (error: unknown) => void;
};

const PAGE_SIZE = 50;

/** Lists the identity service's users; the chosen ones become dashboard users with the chosen roles. */
export function ImportUsersModal({ opened, onClose, owners, grantable, onDone, onError }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[]>([]);
  const [roles, setRoles] = useState<Role[]>([]);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const list = useExternalUsers(page, opened);
  const importUsers = useImportUsers();
  const items = list.data?.items ?? [];
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = () =>
    importUsers.mutate(
      { externalIds: chosen, roles, ...(ownerId ? { ownerId } : {}) },
      {
        onSuccess: (result) => {
          setChosen([]);
          onDone(result);
        },
        onError,
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('management.import.title')} size="xl">
      <Stack>
        {list.isPending && <Loader size="sm" role="status" aria-label={t('management.loading')} />}
        {list.isError && <PageError error={list.error} onRetry={() => void list.refetch()} />}
        {list.isSuccess && items.length === 0 && <Text c="dimmed">{t('management.import.empty')}</Text>}
        {items.length > 0 && (
          <Table aria-label={t('management.import.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('management.import.name')}</Table.Th>
                <Table.Th>{t('management.users.fields.username')}</Table.Th>
                <Table.Th>{t('management.users.fields.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((u) => (
                <Table.Tr key={u.externalId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('management.selectNamed', { name: u.email ?? u.displayName ?? u.externalId })}
                      checked={chosen.includes(u.externalId)}
                      disabled={u.imported || !u.email}
                      onChange={() => toggle(u.externalId)}
                    />
                  </Table.Td>
                  <Table.Td>{u.displayName ?? '—'}</Table.Td>
                  <Table.Td>{u.email ?? t('management.import.noEmail')}</Table.Td>
                  <Table.Td>
                    {u.imported ? (
                      <Badge variant="light">{t('management.import.already')}</Badge>
                    ) : (
                      <Badge color={u.active ? 'green' : 'gray'} variant="light">
                        {t(`management.statuses.${u.active ? 'active' : 'inactive'}`)}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {(list.data?.total ?? 0) > PAGE_SIZE && (
          <Pagination total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
        )}
        {owners && (
          <Select
            label={t('management.users.fields.ownerId')}
            placeholder={t('management.users.noOwner')}
            data={owners}
            searchable
            clearable
            value={ownerId}
            onChange={setOwnerId}
          />
        )}
        <RolesField roles={grantable} inputProps={{ value: roles, onChange: (v: unknown) => setRoles(v as Role[]) }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('management.cancel')}
          </Button>
          <Button onClick={submit} loading={importUsers.isPending} disabled={chosen.length === 0 || roles.length === 0}>
            {t('management.import.submit', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
