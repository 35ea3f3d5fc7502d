import { LEGAL_HOLD_REASON_MAX, ZSetHoldRequest } from '@centinela/shared';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';

type HoldReasonModalProps = {
  name: string | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Asks why a person goes on legal hold (the reason is kept with the hold, and goes with the person). */
export function HoldReasonModal({ name, pending, onConfirm, onClose }: HoldReasonModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={name !== null} onClose={onClose} title={t('management.retention.hold.title', { name })} centered>
      <ReasonForm
        schema={ZSetHoldRequest}
        field="reason"
        maxLength={LEGAL_HOLD_REASON_MAX}
        label={t('management.retention.hold.reason')}
        hint={t('management.retention.hold.reasonHint')}
        cancelLabel={t('management.cancel')}
        submitLabel={t('management.retention.hold.confirm')}
        pending={pending}
        onSubmit={onConfirm}
        onCancel={onClose}
        autoFocus
      />
    </Modal>
  );
}
