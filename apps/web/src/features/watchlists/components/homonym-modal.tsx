import type { TWatchlistAlert } from '@centinela/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type HomonymModalProps = {
  alert: TWatchlistAlert | null;
  pending: boolean;
  onConfirm: (alert: TWatchlistAlert) => void;
  onClose: () => void;
};

/** "Not this person" is for good: the entry stays dismissed for this person in every later version, so it is confirmed first. */
export function HomonymModal({ alert, pending, onConfirm, onClose }: HomonymModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={alert !== null} onClose={onClose} title={t('watchlists.review.homonymTitle')} centered>
      {alert && (
        <Text>
          {t('watchlists.review.homonymBody', {
            person: alert.profileName,
            entry: alert.match.name,
            list: t(`watchlists.sources.${alert.match.source}`),
          })}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('watchlists.review.cancel')}
        </Button>
        <Button loading={pending} onClick={() => alert && onConfirm(alert)} data-autofocus>
          {t('watchlists.review.homonymConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}
