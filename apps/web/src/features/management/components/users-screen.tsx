import { grantableRoles, highestRank, type Role, type TManagedUser } from '@centinela/shared';
import { Alert, Button, Group, List, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useOwners } from '../api/get-owners.ts';
import { useUsers } from '../api/get-users.ts';
import { useIdentityStatus } from '../api/identity.ts';
import { useRowSelection } from '../hooks/use-row-selection.ts';
import { useUserActions } from '../hooks/use-user-actions.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { BulkCreateUsersForm } from './bulk-create-users-form.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { ImportUsersModal } from './import-users-modal.tsx';
import { UserFilters, type UserFilterValues } from './user-filters.tsx';
import { UsersBulkEditForm } from './users-bulk-edit-form.tsx';
import { UsersTable } from './users-table.tsx';

const PAGE_SIZE = 25;

type UsersScreenProps = { roles: readonly Role[]; platform: boolean; canListOwners: boolean };
type Confirming = 'activate' | 'deactivate' | 'delete';

/**
 * /management/users: filter, select, create one or several at once, import from the identity service,
 * edit several at once, (de)activate and delete with confirmation. The UI offers only the roles the
 * user may grant; the server enforces every rule.
 */
export function UsersScreen({ roles, platform, canListOwners }: UsersScreenProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UserFilterValues>({});
  const [q] = useDebouncedValue(filters.q?.trim() ?? '', 250);
  const [page, setPage] = useState(1);
  const query = { ...filters, q: q || undefined, page, pageSize: PAGE_SIZE };
  const users = useUsers(query);
  const ownerList = useOwners({ sort: 'name', pageSize: 100 }, platform && canListOwners);
  const owners = platform ? (ownerList.data?.items ?? []).map((o) => ({ value: o.id, label: o.name })) : null;
  const identity = useIdentityStatus();
  const selection = useRowSelection(JSON.stringify(query));
  const grantable = grantableRoles(roles);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [keysOf, setKeysOf] = useState<TManagedUser | null>(null);
  const [lastRejected, setLastRejected] = useState<{ email: string; reason: string }[]>([]);
  const actions = useUserActions({
    onCreated: (result) => {
      setLastRejected(result.rejected);
      if (result.created.length > 0) {
        setCreating(false);
        setImporting(false);
      }
    },
  });
  const items = users.data?.items ?? [];
  const count = selection.ids.length;
  const filtered = Boolean(q || filters.ownerId || filters.role || filters.status || filters.country);

  const confirmAction = () => {
    const done = () => {
      setConfirming(null);
      selection.clear();
    };
    if (confirming === 'delete') actions.remove(selection.ids, done);
    else if (confirming)
      actions.update(
        { ids: selection.ids, changes: { status: confirming === 'activate' ? 'active' : 'inactive' } },
        done,
      );
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('management.users.title')}</Title>
        <Group gap="xs">
          {identity.data?.configured && (
            <Button variant="default" onClick={() => setImporting(true)}>
              {t('management.import.open')}
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>{t('management.users.add')}</Button>
        </Group>
      </Group>
      <UserFilters value={filters} owners={owners} onChange={(f) => (setFilters(f), setPage(1))} />
      <Group gap="xs" role="toolbar" aria-label={t('management.selectionActions')}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('management.selected', { count })}
        </Text>
        <Button variant="default" disabled={count === 0} onClick={() => setEditing(true)}>
          {t('management.editSelected')}
        </Button>
        <Button variant="default" disabled={count === 0} onClick={() => setConfirming('activate')}>
          {t('management.activate')}
        </Button>
        <Button variant="default" disabled={count === 0} onClick={() => setConfirming('deactivate')}>
          {t('management.deactivate')}
        </Button>
        <Button variant="light" color="red" disabled={count === 0} onClick={() => setConfirming('delete')}>
          {t('management.delete')}
        </Button>
      </Group>
      {lastRejected.length > 0 && (
        <Alert
          color="orange"
          title={t('management.users.failed.create', { count: lastRejected.length })}
          withCloseButton
          onClose={() => setLastRejected([])}
          role="alert"
        >
          <List size="sm">
            {lastRejected.map((r) => (
              <List.Item key={r.email}>
                {r.email}: {t(`management.users.rejections.${r.reason as 'exists'}`)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {users.isPending && <PageLoader />}
      {users.isError && <PageError error={users.error} onRetry={() => void users.refetch()} />}
      {users.isSuccess && items.length === 0 && (
        <EmptyState
          title={filtered ? t('management.noMatches') : t('management.users.emptyTitle')}
          description={filtered ? t('management.noMatchesBody') : t('management.users.emptyBody')}
        />
      )}
      {items.length > 0 && (
        <UsersTable
          users={items}
          selection={selection}
          showOwner={platform}
          canManage={(u) => highestRank(u.roles) <= highestRank(roles)}
          onKeys={setKeysOf}
        />
      )}
      {(users.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          total={Math.ceil((users.data?.total ?? 0) / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': t(`management.page.${c}`) })}
        />
      )}

      <Modal opened={creating} onClose={() => setCreating(false)} title={t('management.users.createTitle')} size="lg">
        <BulkCreateUsersForm
          owners={owners}
          grantable={grantable}
          pending={actions.pending}
          onSubmit={actions.create}
        />
      </Modal>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('management.users.bulkTitle', { count })}
        size="lg"
      >
        <UsersBulkEditForm
          ids={selection.ids}
          grantable={grantable}
          pending={actions.pending}
          onSubmit={(changes) =>
            actions.update({ ids: selection.ids, changes }, () => (setEditing(false), selection.clear()))
          }
        />
      </Modal>
      <ConfirmModal
        opened={confirming !== null}
        title={confirming ? t(`management.users.confirm.${confirming}Title`, { count }) : ''}
        body={confirming ? t(`management.users.confirm.${confirming}Body`, { count }) : ''}
        confirmLabel={confirming ? t(`management.${confirming}`) : ''}
        danger={confirming !== 'activate'}
        pending={actions.pending}
        onConfirm={confirmAction}
        onClose={() => setConfirming(null)}
      />
      {identity.data?.configured && (
        <ImportUsersModal
          opened={importing}
          onClose={() => setImporting(false)}
          owners={owners}
          grantable={grantable}
          onDone={actions.reportCreated}
          onError={actions.createFailed(1)}
        />
      )}
      <Modal
        opened={keysOf !== null}
        onClose={() => setKeysOf(null)}
        title={t('management.keys.titleFor', { name: keysOf?.username ?? '' })}
        size="lg"
      >
        {keysOf?.owner && <ApiKeysPanel ownerId={keysOf.owner.id} userId={keysOf.id} />}
      </Modal>
    </Stack>
  );
}
