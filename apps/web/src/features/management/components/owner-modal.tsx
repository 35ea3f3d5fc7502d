import { ZCreateOwnerRequest, ZUpdateOwnerRequest, type TOwner } from '@centinela/shared';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCreateOwner } from '../api/create-owner.ts';
import { useUpdateOwner } from '../api/update-owner.ts';
import { managementError } from '../utils/errors.ts';
import { toOwnerRequest, type OwnerValues } from '../utils/owner-values.ts';
import { OwnerForm } from './owner-form.tsx';

type OwnerModalProps = { opened: boolean; owner?: TOwner; canSupport: boolean; onClose: () => void };

/** Adds an owner, or edits `owner`; a refusal says "Owner could not be added or updated" and why (SPEC §8). */
export function OwnerModal({ opened, owner, canSupport, onClose }: OwnerModalProps) {
  const { t } = useTranslation();
  const create = useCreateOwner();
  const update = useUpdateOwner();
  const done = {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('management.owners.saved') });
      onClose();
    },
    onError: (e: unknown) =>
      notifications.show({ color: 'red', title: t('management.owners.failed'), message: managementError(t, e) }),
  };
  const submit = (values: OwnerValues) => {
    const input = toOwnerRequest(values, canSupport);
    if (owner) update.mutate({ id: owner.id, input: ZUpdateOwnerRequest.parse(input) }, done);
    else create.mutate(ZCreateOwnerRequest.parse(input), done);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={owner ? t('management.owners.editTitle', { name: owner.name }) : t('management.owners.createTitle')}
      size="lg"
    >
      <OwnerForm
        key={owner?.id ?? 'new'}
        owner={owner}
        canSupport={canSupport}
        pending={create.isPending || update.isPending}
        onSubmit={submit}
      />
    </Modal>
  );
}
