import { Badge } from '@mantine/core';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useInboxCount } from '../api/get-inbox.ts';

/**
 * The navbar's count of open inbox items, inside the Inbox link (read with it: "Inbox 3"; no words of its
 * own, so the list's first load carries none). Asked for after the first paint (nav-counts.tsx); nothing
 * while there are none, or when the count cannot be had: the navbar must never break a page.
 */
export function InboxCount() {
  const locale = useLocale();
  const { data } = useInboxCount();
  if (!data || data.open === 0) return null;
  return (
    <Badge
      color="blue.9"
      size="sm"
      ml={6}
      display="inline-flex"
      style={{ verticalAlign: 'text-bottom' }}
      circle={data.open < 10}
      data-testid="inbox-count"
    >
      {formatNumber(data.open, locale)}
    </Badge>
  );
}
