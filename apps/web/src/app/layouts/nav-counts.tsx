import { InboxCount } from '../../features/inbox/components/inbox-count.tsx';
import { OpenAlertsCount } from '../../features/watchlists/components/open-alerts-count.tsx';

/**
 * The navbar's counts, one chunk for both (asked for after the first paint, default-layout.tsx): the open
 * watch-list alerts beside Monitoring, what waits for a reviewer beside the Inbox.
 */
export function NavCount({ of }: { of: 'alerts' | 'inbox' }) {
  return of === 'inbox' ? <InboxCount /> : <OpenAlertsCount />;
}
