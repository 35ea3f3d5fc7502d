import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUnenrolPersons } from '../api/unenrol-persons.ts';

type Person = { profileId: string; name: string };

/** Confirms before a person stops being screened against new versions of the lists. */
export function StopMonitoringModal({
  person,
  ownerId,
  onClose,
}: {
  person: Person | null;
  ownerId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unenrol = useUnenrolPersons();
  const confirm = () =>
    person &&
    unenrol.mutate(
      { profileIds: [person.profileId], ownerId },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('watchlists.enrolments.stopped', { name: person.name }) });
          onClose();
        },
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  return (
    <Modal opened={person !== null} onClose={onClose} title={t('watchlists.enrolments.stopTitle')} centered>
      <Text>{t('watchlists.enrolments.stopBody', { name: person?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('watchlists.review.cancel')}
        </Button>
        <Button color="red" loading={unenrol.isPending} onClick={confirm} data-autofocus>
          {t('watchlists.enrolments.stop')}
        </Button>
      </Group>
    </Modal>
  );
}
