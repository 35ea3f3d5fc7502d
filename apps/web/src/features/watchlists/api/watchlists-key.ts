/** The root of every watch-list query: mutations and the `watchlist.alert` event invalidate by this one object. */
export const watchlistsKey = ['watchlists'] as const;
export const alertsKey = [...watchlistsKey, 'alerts'] as const;
/** The open alerts of the user's owner (every owner for platform staff): the navbar's count asks for them, the persons list reads them. */
export const openAlertsKey = [...alertsKey, { state: 'open' }] as const;
export const monitoringKey = [...watchlistsKey, 'monitoring'] as const;
export const enrolmentsKey = [...watchlistsKey, 'enrolments'] as const;
export const sourcesKey = [...watchlistsKey, 'sources'] as const;
export const versionsKey = [...watchlistsKey, 'versions'] as const;
