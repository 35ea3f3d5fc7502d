import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useOpenAfterMount } from '../../../components/ui/use-open-after-mount.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteProfiles } from '../api/delete-profiles.ts';

type DeleteProfilesModalProps = {
  opened: boolean;
  onClose: () => void;
  /** What to delete: ids, or the filter ("all matching"). */
  target: Parameters<ReturnType<typeof useDeleteProfiles>['mutate']>[0];
  count: number;
  onDeleted: () => void;
};

/** Deleting takes the reports with it and cannot be undone, so it is confirmed first. */
export function DeleteProfilesModal({ opened, onClose, target, count, onDeleted }: DeleteProfilesModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteProfiles();
  const shown = useOpenAfterMount(opened);
  const confirm = () =>
    remove.mutate(target, {
      onSuccess: ({ deleted }) => {
        notifications.show({
          color: 'green',
          message: t('profiles.delete.done', { count: deleted }),
        });
        onDeleted();
        onClose();
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: t('profiles.delete.failed'), message: errorMessage(t, error) }),
    });
  return (
    <Modal opened={shown} onClose={onClose} title={t('profiles.delete.title')} centered>
      <Text>{t('profiles.delete.body', { count })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('profiles.actions.cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm} data-autofocus>
          {t('profiles.delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
