import type { TWebhookEndpoint } from '@centinela/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useEndpoints } from '../api/get-endpoints.ts';
import { DeleteEndpointModal } from './delete-endpoint-modal.tsx';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { EndpointModal } from './endpoint-modal.tsx';
import { EndpointsTable } from './endpoints-table.tsx';
import { SecretModal } from './secret-modal.tsx';

/** The owner's webhook endpoints and their delivery log (users with webhooks:manage; the route checks). */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const endpoints = useEndpoints();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const items = endpoints.data?.items ?? [];
  const current = items.find((e) => e.id === selected) ?? null;
  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1}>{t('webhooks.title')}</Title>
          <Text c="dimmed">{t('webhooks.subtitle')}</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>{t('webhooks.add')}</Button>
      </Group>
      {endpoints.isPending && <PageLoader />}
      {endpoints.isError && <PageError error={endpoints.error} onRetry={() => void endpoints.refetch()} />}
      {endpoints.isSuccess && items.length === 0 && (
        <EmptyState title={t('webhooks.emptyTitle')} description={t('webhooks.emptyBody')} />
      )}
      {items.length > 0 && (
        <EndpointsTable
          endpoints={items}
          selected={selected}
          onSelect={setSelected}
          onDelete={setDeleting}
          onSecret={setSecret}
        />
      )}
      {current && <DeliveriesPanel endpoint={current} />}
      <EndpointModal opened={creating} onClose={() => setCreating(false)} onCreated={(s) => setSecret(s)} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeleteEndpointModal
        endpoint={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (id === selected) setSelected(null);
        }}
      />
    </Stack>
  );
}
