import { Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDelivery } from '../api/get-delivery.ts';
import { useResendDelivery } from '../api/resend-delivery.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

const headersText = (headers: Record<string, string> | null) =>
  headers
    ? Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n')
    : '';

/** One delivery: its payload and each attempt's request and response; resend from here. */
export function DeliveryModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const delivery = useDelivery(id);
  const resend = useResendDelivery();
  const d = delivery.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={t('webhooks.detailTitle')} size="xl" centered>
      {delivery.isPending && <PageLoader />}
      {delivery.isError && <PageError error={delivery.error} onRetry={() => void delivery.refetch()} />}
      {d && (
        <Stack>
          <Group justify="space-between">
            <Group gap="xs">
              <DeliveryStatusBadge status={d.status} />
              <Text size="sm">{d.eventType}</Text>
              <Code>{d.messageId}</Code>
            </Group>
            <Button
              size="compact-sm"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(d.id, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('webhooks.resent') }),
                  onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
                })
              }
            >
              {t('webhooks.resend')}
            </Button>
          </Group>
          <Title order={3} size="h5">
            {t('webhooks.detail.payload')}
          </Title>
          <Code block>{d.payload}</Code>
          {d.attemptLog.length === 0 && <Text c="dimmed">{t('webhooks.detail.noAttempts')}</Text>}
          {d.attemptLog.map((a) => (
            <Stack key={a.attempt} gap={4} data-testid="webhook-attempt">
              <Title order={3} size="h5">
                {t('webhooks.detail.attempt', {
                  n: a.attempt,
                  at: formatDate(a.startedAt, locale, { dateStyle: 'short', timeStyle: 'medium' }),
                  ms: a.durationMs,
                })}
              </Title>
              <Text size="sm" fw={500}>
                {t('webhooks.detail.request')}
              </Text>
              <Code block>{headersText(a.requestHeaders)}</Code>
              <Text size="sm" fw={500}>
                {a.responseStatus === null
                  ? t('webhooks.detail.error', { error: a.error ?? '' })
                  : t('webhooks.detail.response', { status: a.responseStatus })}
              </Text>
              {a.responseStatus !== null && (
                <Code block>{`${headersText(a.responseHeaders)}\n\n${a.responseBody ?? ''}`}</Code>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
