import type { TOwner } from '@centinela/shared';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { useDeleteOwner } from '../api/delete-owner.ts';
import { managementError } from '../utils/errors.ts';

/**
 * Confirms deleting an owner. While it still holds data the server refuses and says why; only then can
 * the user tick "purge" to delete the owner with everything it holds.
 */
export function DeleteOwnerModal({ owner, onClose }: { owner: TOwner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteOwner();
  const [purge, setPurge] = useState(false);
  const refusal =
    remove.error && isApiError(remove.error) && remove.error.code === 'owner_has_data'
      ? managementError(t, remove.error)
      : null;
  const close = () => {
    setPurge(false);
    remove.reset();
    onClose();
  };
  const confirm = () =>
    owner &&
    remove.mutate(
      { id: owner.id, purge },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('management.owners.deleted', { name: owner.name }) });
          close();
        },
        onError: (e) => {
          if (!isApiError(e) || e.code !== 'owner_has_data')
            notifications.show({ color: 'red', message: managementError(t, e) });
        },
      },
    );
  return (
    <Modal opened={owner !== null} onClose={close} title={t('management.owners.deleteTitle')} centered>
      <Stack>
        <Text>{t('management.owners.deleteBody', { name: owner?.name ?? '' })}</Text>
        {refusal && (
          <Alert color="orange" role="alert">
            {refusal}
          </Alert>
        )}
        {refusal && (
          <Checkbox
            label={t('management.owners.purge')}
            checked={purge}
            onChange={(e) => setPurge(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('management.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} disabled={Boolean(refusal) && !purge} onClick={confirm}>
            {purge ? t('management.owners.purgeConfirm') : t('management.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
