import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { Locale } from '@centinela/shared';
import { enrolPersons } from '../api/enrol-persons.ts';
import { watchlistsKey } from '../api/watchlists-key.ts';

/** The monitor button's press (monitor-button.tsx): enrols the persons and says how it went, in a toast. */
export async function monitorPicked(profileIds: readonly string[], t: TFunction, locale: Locale, client: QueryClient) {
  try {
    const { enrolled } = await enrolPersons(profileIds);
    await client.invalidateQueries({ queryKey: watchlistsKey });
    notifications.show({
      color: 'green',
      message: t('watchlists.monitor.done', { count: enrolled, n: formatNumber(enrolled, locale) }),
    });
  } catch (error) {
    notifications.show({ color: 'red', title: t('watchlists.monitor.failed'), message: errorMessage(t, error) });
  }
}
