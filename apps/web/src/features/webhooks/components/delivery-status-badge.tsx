import type { WebhookDeliveryStatus } from '@centinela/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', succeeded: 'green', failed: 'red' };

/** A delivery's status as the log's rows and the delivery's dialog both show it. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return <Badge color={STATUS_COLOR[status]}>{t(`webhooks.status.${status}`)}</Badge>;
}
