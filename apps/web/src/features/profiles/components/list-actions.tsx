import type { TProfileFilter } from '@centinela/shared';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuButton, MenuItem } from '../../../components/ui/menu-button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { withCatalogue } from '../../../lib/i18n.ts';
import { useExportProfiles } from '../api/export-profiles.ts';
import type { ProfilePermissions } from '../utils/permissions.ts';
import { isEmpty, NO_SELECTION, selectionSize, selectionTarget, type Selection } from '../utils/selection.ts';

// The confirmation loads on first use; it then stays mounted so closing it returns focus.
const DeleteProfilesModal = lazy(
  withCatalogue(() => import('./delete-profiles-modal.tsx').then((m) => ({ default: m.DeleteProfilesModal })), 'more'),
);

type ListActionsProps = {
  filter: TProfileFilter;
  selection: Selection;
  onSelect: (s: Selection) => void;
  total: number;
  can: ProfilePermissions;
  onReload: () => void;
  reloading: boolean;
  /** The route's own bulk actions, given the persons picked one by one (none for "all matching"). */
  selectionActions?: (ids: readonly string[]) => ReactNode;
};

/** Reload, export (the selection, or the whole filter when nothing is selected) and delete the selection. */
export function ListActions({
  filter,
  selection,
  onSelect,
  total,
  can,
  onReload,
  reloading,
  selectionActions,
}: ListActionsProps) {
  const { t } = useTranslation();
  const [deleting, del] = useDisclosure(false);
  const [asked, setAsked] = useState(false);
  const exporter = useExportProfiles();
  const target = isEmpty(selection) ? { filter } : selectionTarget(selection, filter);
  const exportAs = (format: 'csv' | 'xlsx') =>
    exporter.mutate(
      { format, ...target },
      {
        onError: (error) =>
          notifications.show({ color: 'red', title: t('profiles.export.failed'), message: errorMessage(t, error) }),
      },
    );
  return (
    <Group gap="xs">
      <Button variant="default" onClick={onReload} loading={reloading}>
        {t('profiles.actions.reload')}
      </Button>
      {can.export && (
        <MenuButton
          button={(trigger) => (
            <Button variant="default" loading={exporter.isPending} disabled={total === 0} {...trigger}>
              {isEmpty(selection) ? t('profiles.export.filter') : t('profiles.export.selection')}
            </Button>
          )}
        >
          <MenuItem onClick={() => exportAs('csv')}>{t('profiles.export.csv')}</MenuItem>
          <MenuItem onClick={() => exportAs('xlsx')}>{t('profiles.export.xlsx')}</MenuItem>
        </MenuButton>
      )}
      {selectionActions?.(selection.kind === 'ids' ? [...selection.ids] : [])}
      {can.delete && (
        <Button
          color="red"
          variant="light"
          disabled={isEmpty(selection)}
          onClick={() => {
            setAsked(true);
            del.open();
          }}
        >
          {t('profiles.actions.delete')}
        </Button>
      )}
      {asked && (
        <Suspense fallback={null}>
          <DeleteProfilesModal
            opened={deleting}
            onClose={del.close}
            target={selectionTarget(selection, filter)}
            count={selectionSize(selection, total)}
            onDeleted={() => onSelect(NO_SELECTION)}
          />
        </Suspense>
      )}
    </Group>
  );
}
