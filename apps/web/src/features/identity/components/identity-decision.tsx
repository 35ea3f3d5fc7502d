import { ZIdentityReviewRequest } from '@centinela/shared';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { useReviewIdentity } from '../api/identity-report.ts';

/** Only the reason is checked here: the decision comes from the button that opened the dialog. */
const ZReason = ZIdentityReviewRequest.pick({ reason: true });
const REASON_MAX = 1000;

type Decision = 'approved' | 'rejected';

/**
 * Approve or reject an identity check a person must look at: each button opens a confirmation that asks
 * why (required, audited with the decision), so a tap on a phone never decides by accident.
 */
export function IdentityDecision({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const review = useReviewIdentity(profileId);
  const close = () => {
    setDeciding(null);
    review.reset();
  };
  const send = (decision: Decision, reason: string) =>
    review.mutate(
      { decision, reason },
      {
        onSuccess: () => {
          setDeciding(null);
          notifications.show({ color: 'green', message: t(`identity.review.done.${decision}`) });
        },
      },
    );
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-grape-light)" className="no-print">
      <Stack gap="xs">
        <Text fw={500}>{t('identity.review.decideTitle')}</Text>
        <Text size="sm">{t('identity.review.decideHint')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button color="red" variant="light" onClick={() => setDeciding('rejected')}>
            {t('identity.review.reject')}
          </Button>
          <Button color="green" onClick={() => setDeciding('approved')}>
            {t('identity.review.approve')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={deciding !== null}
        onClose={close}
        title={deciding ? t(`identity.review.confirm.${deciding}`) : ''}
        closeButtonProps={{ 'aria-label': t('identity.review.cancel') }}
        fullScreen={false}
        size="md"
      >
        {deciding && (
          <Stack gap="sm">
            <Text size="sm">{t(`identity.review.confirmBody.${deciding}`)}</Text>
            <ReasonForm
              key={deciding}
              schema={ZReason}
              field="reason"
              maxLength={REASON_MAX}
              label={t('identity.review.reason')}
              hint={t('identity.review.reasonHint')}
              submitLabel={t(`identity.review.confirmButton.${deciding}`)}
              cancelLabel={t('identity.review.cancel')}
              pending={review.isPending}
              error={review.error ?? undefined}
              onSubmit={(reason) => send(deciding, reason)}
              onCancel={close}
              autoFocus
            />
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
