import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action that changes accounts; the safe choice (cancel) has the focus. */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  danger,
  pending,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {typeof body === 'string' ? <Text>{body}</Text> : body}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('management.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
