import type { TListAlertsResponse } from '@centinela/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { openAlertsKey } from '../api/watchlists-key.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The persons with an open alert, for the persons list's badge. It reads the navbar count's query
 * (OpenAlertsCount asks for it after the first paint) and asks nothing itself: no request per row, none
 * for the list, and none of the fetching code in the list's first JS. The API answers the latest 500
 * open alerts: a person beyond them shows no badge (the navbar still counts them).
 */
export function useAlertedPersons(): ReadonlySet<string> {
  const { data } = useQuery<TListAlertsResponse>({ queryKey: openAlertsKey, queryFn: skipToken });
  return useMemo(() => (data ? new Set(data.alerts.map((a) => a.profileId)) : NONE), [data]);
}
