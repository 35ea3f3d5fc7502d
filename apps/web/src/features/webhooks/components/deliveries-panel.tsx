import type { TWebhookEndpoint } from '@centinela/shared';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { DeliveryModal } from './delivery-modal.tsx';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

const when = { dateStyle: 'short', timeStyle: 'medium' } as const;

/** The delivery log of one endpoint, newest first; a row opens its attempts. */
export function DeliveriesPanel({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const deliveries = useDeliveries(endpoint.id);
  const [open, setOpen] = useState<string | null>(null);
  const items = deliveries.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('webhooks.logTitle', { url: endpoint.url })}
      </Title>
      {deliveries.isPending && <PageLoader />}
      {deliveries.isError && <PageError error={deliveries.error} onRetry={() => void deliveries.refetch()} />}
      {deliveries.isSuccess && items.length === 0 && <Text c="dimmed">{t('webhooks.logEmpty')}</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t('webhooks.logTitle', { url: endpoint.url })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.log.event')}</Table.Th>
                <Table.Th>{t('webhooks.log.status')}</Table.Th>
                <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.log.response')}</Table.Th>
                <Table.Th>{t('webhooks.log.created')}</Table.Th>
                <Table.Th>{t('webhooks.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d) => (
                <Table.Tr key={d.id} data-testid="webhook-delivery-row">
                  <Table.Td>
                    <Text size="sm">{d.eventType}</Text>
                    <Text size="xs" c="dimmed">
                      {d.messageId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <DeliveryStatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>{d.lastResponseStatus ?? d.lastError ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(d.createdAt, locale, when)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="default" onClick={() => setOpen(d.id)}>
                      {t('webhooks.log.view')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeliveryModal id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
