import type { TWebhookEndpoint } from '@centinela/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteEndpoint } from '../api/delete-endpoint.ts';

/** Confirms before deleting an endpoint and its delivery log. */
export function DeleteEndpointModal({
  endpoint,
  onClose,
  onDeleted,
}: {
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteEndpoint();
  const confirm = () =>
    endpoint &&
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('webhooks.deleted') });
        onDeleted(endpoint.id);
        onClose();
      },
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    });
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title={t('webhooks.deleteTitle')} centered>
      <Text style={{ wordBreak: 'break-all' }}>{t('webhooks.deleteBody', { url: endpoint?.url ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('webhooks.cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm}>
          {t('webhooks.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
