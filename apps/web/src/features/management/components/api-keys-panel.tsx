import type { TApiKey, TIssuedApiKey } from '@centinela/shared';
import { Alert, Badge, Button, Code, CopyButton, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useApiKeyActions, useApiKeys } from '../api/api-keys.ts';
import { managementError } from '../utils/errors.ts';
import { ConfirmModal } from './confirm-modal.tsx';

/** The owner's API keys (or one user's own): listed by prefix and last use; a new key is shown once. */
export function ApiKeysPanel({ ownerId, userId }: { ownerId: string; userId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const keys = useApiKeys(userId ? { userId } : { ownerId });
  const { create, rotate, revoke } = useApiKeyActions();
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<TIssuedApiKey | null>(null);
  const [confirm, setConfirm] = useState<{ key: TApiKey; action: 'rotate' | 'revoke' } | null>(null);
  const fail = (e: unknown) => notifications.show({ color: 'red', message: managementError(t, e) });
  const when = (iso: string | null) =>
    iso ? formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' }) : t('management.keys.never');

  const add = () =>
    create.mutate(
      { ...(userId ? { userId } : { ownerId }), name: name.trim() },
      { onSuccess: (k) => (setIssued(k), setName('')), onError: fail },
    );
  const act = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirm(null), onError: fail };
    if (confirm.action === 'rotate') rotate.mutate(confirm.key.id, { ...done, onSuccess: setIssued });
    else revoke.mutate(confirm.key.id, done);
  };

  return (
    <Stack>
      {issued && (
        <Alert color="yellow" title={t('management.keys.shownOnce')} role="status">
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }} data-testid="issued-key">
              {issued.key}
            </Code>
            <CopyButton value={issued.key}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? t('management.keys.copied') : t('management.keys.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <Group align="flex-end">
        <TextInput
          label={t('management.keys.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: 1 }}
        />
        <Button onClick={add} loading={create.isPending} disabled={name.trim() === ''}>
          {t('management.keys.create')}
        </Button>
      </Group>
      {keys.isPending && <Loader size="sm" role="status" aria-label={t('management.loading')} />}
      {keys.isError && <PageError error={keys.error} onRetry={() => void keys.refetch()} />}
      {keys.isSuccess && keys.data.items.length === 0 && <Text c="dimmed">{t('management.keys.empty')}</Text>}
      {keys.isSuccess && keys.data.items.length > 0 && (
        <Table aria-label={t('management.keys.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('management.keys.name')}</Table.Th>
              <Table.Th>{t('management.keys.prefix')}</Table.Th>
              <Table.Th>{t('management.keys.lastUsed')}</Table.Th>
              <Table.Th>{t('management.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.items.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <Code>{k.prefix}…</Code>
                </Table.Td>
                <Table.Td>{when(k.lastUsedAt)}</Table.Td>
                <Table.Td>
                  {k.revokedAt ? (
                    <Badge color="gray">{t('management.keys.revoked')}</Badge>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setConfirm({ key: k, action: 'rotate' })}
                      >
                        {t('management.keys.rotate')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setConfirm({ key: k, action: 'revoke' })}
                      >
                        {t('management.keys.revoke')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={confirm !== null}
        title={confirm?.action === 'rotate' ? t('management.keys.rotateTitle') : t('management.keys.revokeTitle')}
        body={
          confirm?.action === 'rotate'
            ? t('management.keys.rotateBody', { name: confirm.key.name })
            : t('management.keys.revokeBody', { name: confirm?.key.name ?? '' })
        }
        confirmLabel={confirm?.action === 'rotate' ? t('management.keys.rotate') : t('management.keys.revoke')}
        danger
        pending={rotate.isPending || revoke.isPending}
        onConfirm={act}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
