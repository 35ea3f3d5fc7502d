import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useOpenAlerts } from '../api/get-alerts.ts';
import { useAlertsLive } from '../hooks/use-alerts-live.ts';

/**
 * The navbar's count of open watch-list alerts, inside the Monitoring link (read with it: "Monitoring 3,
 * open alerts"); live (`watchlist.alert`).
 * Nothing while there are none, or when the count cannot be had: the navbar must never break a page.
 */
export function OpenAlertsCount() {
  const { t } = useTranslation();
  const locale = useLocale();
  useAlertsLive();
  const { data } = useOpenAlerts();
  if (!data || data.open === 0) return null;
  return (
    <Badge
      color="red.9"
      size="sm"
      ml={6}
      display="inline-flex"
      style={{ verticalAlign: 'text-bottom' }}
      circle={data.open < 10}
      data-testid="open-alerts-count"
    >
      <span aria-hidden>{formatNumber(data.open, locale)}</span>
      <VisuallyHidden>{t('watchlists.nav.openAlerts', { count: data.open })}</VisuallyHidden>
    </Badge>
  );
}
