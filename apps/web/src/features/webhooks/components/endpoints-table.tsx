import type { TWebhookEndpoint } from '@centinela/shared';
import { Badge, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRotateSecret } from '../api/rotate-secret.ts';
import { useSendTestEvent } from '../api/send-test-event.ts';
import { useUpdateEndpoint } from '../api/update-endpoint.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';
import { TableSection } from '../../../components/ui/table-section.tsx';

type Props = {
  endpoints: TWebhookEndpoint[];
  selected: string | null;
  onSelect: (id: string) => void;
  onDelete: (e: TWebhookEndpoint) => void;
  onSecret: (secret: string) => void;
};

export function EndpointsTable({ endpoints, selected, onSelect, onDelete, onSecret }: Props) {
  const { t } = useTranslation();
  const update = useUpdateEndpoint();
  const test = useSendTestEvent();
  const rotate = useRotateSecret();
  const failed = (e: unknown) => notifications.show({ color: 'red', message: errorMessage(t, e) });
  return (
    <TableSection
      minWidth={760}
      label={t('webhooks.title')}
      head={
        <>
          <Table.Th>{t('webhooks.columns.url')}</Table.Th>
          <Table.Th>{t('webhooks.columns.events')}</Table.Th>
          <Table.Th>{t('webhooks.columns.status')}</Table.Th>
          <Table.Th>{t('webhooks.columns.actions')}</Table.Th>
        </>
      }
    >
      <Table.Tbody>
        {endpoints.map((e) => (
          <Table.Tr
            key={e.id}
            data-testid="webhook-endpoint-row"
            bg={e.id === selected ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Table.Td>
              <Text fw={500} style={{ wordBreak: 'break-all' }}>
                {e.url}
              </Text>
              <Text size="xs" c="dimmed">
                {e.description} {t('webhooks.secretPrefix', { prefix: e.secretPrefix })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {e.events.map((type) => (
                  <Badge key={type} variant="light" size="sm">
                    {t(`webhooks.events.${type}`)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <Badge color={e.active ? 'green' : 'gray'}>
                {e.active ? t('webhooks.active') : t('webhooks.disabled')}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs">
                <RowButton onClick={() => onSelect(e.id)}>{t('webhooks.deliveries')}</RowButton>
                <RowButton
                  loading={test.isPending && test.variables === e.id}
                  onClick={() =>
                    test.mutate(e.id, {
                      onSuccess: () => {
                        notifications.show({ color: 'green', message: t('webhooks.testSent') });
                        onSelect(e.id);
                      },
                      onError: failed,
                    })
                  }
                >
                  {t('webhooks.sendTest')}
                </RowButton>
                <RowButton
                  onClick={() => update.mutate({ id: e.id, input: { active: !e.active } }, { onError: failed })}
                >
                  {e.active ? t('webhooks.disable') : t('webhooks.enable')}
                </RowButton>
                <RowButton
                  onClick={() => rotate.mutate(e.id, { onSuccess: (r) => onSecret(r.secret), onError: failed })}
                >
                  {t('webhooks.rotate')}
                </RowButton>
                <RowButton danger onClick={() => onDelete(e)} aria-label={t('webhooks.deleteNamed', { url: e.url })}>
                  {t('webhooks.delete')}
                </RowButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableSection>
  );
}
