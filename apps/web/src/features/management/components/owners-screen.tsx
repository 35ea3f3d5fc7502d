import type { OwnerSort, TOwner, TUpdateOwnersRequest } from '@centinela/shared';
import { Button, Group, Modal, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useOwners } from '../api/get-owners.ts';
import { useUpdateOwners } from '../api/update-owners.ts';
import { useRowSelection } from '../hooks/use-row-selection.ts';
import { managementError } from '../utils/errors.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { DeleteOwnerModal } from './delete-owner-modal.tsx';
import { OwnerModal } from './owner-modal.tsx';
import { OwnersBulkEditForm } from './owners-bulk-edit-form.tsx';
import { OwnersTable } from './owners-table.tsx';

const PAGE_SIZE = 25;

type OwnersScreenProps = { active: boolean; canSupport: boolean };

/**
 * /management/owners (active) and /management/owners/inactive: search, sort, page, select rows to edit
 * or (de)activate together, add, edit, delete with confirmation, and each owner's API keys.
 */
export function OwnersScreen({ active, canSupport }: OwnersScreenProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [sort, setSort] = useState<{ sort: OwnerSort; order: 'asc' | 'desc' }>({ sort: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const query = {
    active: active ? ('true' as const) : ('false' as const),
    q: q || undefined,
    ...sort,
    page,
    pageSize: PAGE_SIZE,
  };
  const owners = useOwners(query);
  const selection = useRowSelection(JSON.stringify(query));
  const bulk = useUpdateOwners();
  const [editing, setEditing] = useState<{ owner?: TOwner } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [deleting, setDeleting] = useState<TOwner | null>(null);
  const [keysOf, setKeysOf] = useState<TOwner | null>(null);
  const items = owners.data?.items ?? [];
  const count = selection.ids.length;
  const section = active ? 'owners' : 'inactiveOwners';

  const applyBulk = (changes: TUpdateOwnersRequest['changes'], after: () => void) =>
    bulk.mutate(
      { ids: selection.ids, changes },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('management.owners.bulkSaved', { count }) });
          selection.clear();
          after();
        },
        onError: (e) =>
          notifications.show({ color: 'red', title: t('management.owners.failed'), message: managementError(t, e) }),
      },
    );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t(`management.${section}.title`)}</Title>
        {active && <Button onClick={() => setEditing({})}>{t('management.owners.add')}</Button>}
      </Group>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('management.search')}
          placeholder={t('management.owners.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Group gap="xs" role="toolbar" aria-label={t('management.selectionActions')}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('management.selected', { count })}
          </Text>
          {active && (
            <Button variant="default" disabled={count === 0} onClick={() => setBulkOpen(true)}>
              {t('management.editSelected')}
            </Button>
          )}
          <Button
            variant="default"
            color={active ? 'red' : undefined}
            disabled={count === 0}
            onClick={() => setToggling(true)}
          >
            {active ? t('management.deactivate') : t('management.activate')}
          </Button>
        </Group>
      </Group>

      {owners.isPending && <PageLoader />}
      {owners.isError && <PageError error={owners.error} onRetry={() => void owners.refetch()} />}
      {owners.isSuccess && items.length === 0 && (
        <EmptyState
          title={q ? t('management.noMatches') : t(`management.${section}.emptyTitle`)}
          description={q ? t('management.noMatchesBody') : t(`management.${section}.emptyBody`)}
        />
      )}
      {items.length > 0 && (
        <OwnersTable
          owners={items}
          selection={selection}
          sort={sort}
          onSort={(s) => (setSort(s), setPage(1))}
          onEdit={(owner) => setEditing({ owner })}
          onKeys={setKeysOf}
          onDelete={setDeleting}
        />
      )}
      {(owners.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          total={Math.ceil((owners.data?.total ?? 0) / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': t(`management.page.${c}`) })}
        />
      )}

      <OwnerModal
        opened={editing !== null}
        owner={editing?.owner}
        canSupport={canSupport}
        onClose={() => setEditing(null)}
      />
      <Modal opened={bulkOpen} onClose={() => setBulkOpen(false)} title={t('management.owners.bulkTitle', { count })}>
        <OwnersBulkEditForm
          count={count}
          canSupport={canSupport}
          pending={bulk.isPending}
          onSubmit={(changes) => applyBulk(changes, () => setBulkOpen(false))}
        />
      </Modal>
      <ConfirmModal
        opened={toggling}
        title={
          active ? t('management.owners.deactivateTitle', { count }) : t('management.owners.activateTitle', { count })
        }
        body={
          active ? t('management.owners.deactivateBody', { count }) : t('management.owners.activateBody', { count })
        }
        confirmLabel={active ? t('management.deactivate') : t('management.activate')}
        danger={active}
        pending={bulk.isPending}
        onConfirm={() => applyBulk({ active: !active }, () => setToggling(false))}
        onClose={() => setToggling(false)}
      />
      <DeleteOwnerModal owner={deleting} onClose={() => setDeleting(null)} />
      <Modal
        opened={keysOf !== null}
        onClose={() => setKeysOf(null)}
        title={t('management.keys.titleFor', { name: keysOf?.name ?? '' })}
        size="lg"
      >
        {keysOf && <ApiKeysPanel ownerId={keysOf.id} />}
      </Modal>
    </Stack>
  );
}
