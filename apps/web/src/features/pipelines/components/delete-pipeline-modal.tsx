import type { TPipeline } from '@centinela/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeletePipeline } from '../api/delete-pipeline.ts';

/** Confirms before deleting; persons created with the pipeline keep their reports. */
export function DeletePipelineModal({ pipeline, onClose }: { pipeline: TPipeline | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePipeline();
  const confirm = () =>
    pipeline &&
    remove.mutate(pipeline.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('pipelines.deleted') });
        onClose();
      },
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    });
  return (
    <Modal opened={pipeline !== null} onClose={onClose} title={t('pipelines.deleteTitle')} centered>
      <Text>{t('pipelines.deleteBody', { name: pipeline?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('pipelines.cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm}>
          {t('pipelines.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
