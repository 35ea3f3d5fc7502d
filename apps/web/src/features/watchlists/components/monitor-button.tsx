import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useEnrolPersons } from '../api/enrol-persons.ts';

/** The API takes at most this many persons per request (ZEnrolRequest). */
const MAX_PERSONS = 1000;

/**
 * The persons list's bulk action: the selected persons are screened again whenever a watch list changes.
 * Only persons picked one by one (ids); "all matching" is a filter, which enrolment does not take.
 */
export function MonitorButton({ profileIds }: { profileIds: readonly string[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const enrol = useEnrolPersons();
  const enrolPicked = () =>
    enrol.mutate(profileIds, {
      onSuccess: ({ enrolled }) =>
        notifications.show({
          color: 'green',
          message: t('watchlists.monitor.done', { count: enrolled, n: formatNumber(enrolled, locale) }),
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('watchlists.monitor.failed'), message: errorMessage(t, error) }),
    });
  return (
    <Button
      variant="default"
      disabled={profileIds.length === 0 || profileIds.length > MAX_PERSONS}
      loading={enrol.isPending}
      onClick={enrolPicked}
    >
      {t('watchlists.monitor.action')}
    </Button>
  );
}
