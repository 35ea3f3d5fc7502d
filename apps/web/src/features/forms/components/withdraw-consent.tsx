import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useWithdrawConsent } from '../api/candidate-page.ts';

/** Withdrawing consent is final: a confirmation says what it stops before it is sent. */
export function WithdrawConsent({ code, company }: { code: string; company: string }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawConsent(code);
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="xs">
      <Text size="sm">{t('candidate.withdraw.intro', { company })}</Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          {t('candidate.withdraw.button')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('candidate.withdraw.title')} centered>
        <Stack>
          <Text size="sm">{t('candidate.withdraw.body', { company })}</Text>
          {withdraw.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, withdraw.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('candidate.withdraw.cancel')}
            </Button>
            <Button
              color="red"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('candidate.withdraw.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
