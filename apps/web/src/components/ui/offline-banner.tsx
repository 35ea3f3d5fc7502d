import { Button, Group, Paper, Text } from '@mantine/core';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online.ts';

/**
 * Says so while the browser is offline. Queries pause meanwhile and refetch by themselves on
 * reconnection (TanStack Query's onlineManager); "Try again" refetches what is on screen at once, for
 * networks that came back without the browser noticing.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  const retry = () => {
    onlineManager.setOnline(true);
    void queryClient.refetchQueries({ type: 'active' });
  };
  return (
    <Paper role="status" radius={0} px="md" py="xs" bg="yellow.1" data-testid="offline-banner">
      <Group justify="center" gap="sm">
        <Text size="sm">{t('network.offline')}</Text>
        <Button size="compact-sm" variant="default" onClick={retry}>
          {t('network.retry')}
        </Button>
      </Group>
    </Paper>
  );
}
