import type { TFormLink } from '@centinela/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRevokeFormLink } from '../api/revoke-form-link.ts';

/** Confirms before revoking: final, and candidates then see "The form is no longer valid.". */
export function RevokeFormLinkModal({ link, onClose }: { link: TFormLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeFormLink();
  const confirm = () =>
    link &&
    revoke.mutate(link.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('forms.revoke.done') });
        onClose();
      },
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    });
  return (
    <Modal opened={link !== null} onClose={onClose} title={t('forms.revoke.title')} centered>
      <Text>{t('forms.revoke.body', { name: link?.label ?? link?.pipelineName ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('forms.cancel')}
        </Button>
        <Button color="red" loading={revoke.isPending} onClick={confirm}>
          {t('forms.revoke.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
