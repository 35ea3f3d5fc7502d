import { LEGAL_HOLD_REASON_MAX, ZSetHoldRequest } from '@centinela/shared';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRequiredText } from '../../../lib/use-required-text.ts';

type HoldReasonModalProps = {
  name: string | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Asks why a person goes on legal hold (the reason is kept with the hold, and goes with the person). */
export function HoldReasonModal({ name, pending, onConfirm, onClose }: HoldReasonModalProps) {
  const { t } = useTranslation();
  // The server's own rule for the reason (required, at most 500 characters), in the reader's language.
  const reason = useRequiredText(ZSetHoldRequest, 'reason', t('management.retention.hold.reason'));
  return (
    <Modal opened={name !== null} onClose={onClose} title={t('management.retention.hold.title', { name })} centered>
      <form onSubmit={reason.onSubmit(onConfirm)} noValidate>
        <Textarea
          {...reason.inputProps}
          description={t('management.retention.hold.reasonHint')}
          maxLength={LEGAL_HOLD_REASON_MAX}
          withAsterisk
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('management.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('management.retention.hold.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
