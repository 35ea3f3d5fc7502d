import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown instead of every page while the server is in maintenance mode (SPEC §8). */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" ta="center" gap="xs">
        <Title order={1}>{t('maintenance.title')}</Title>
        <Text size="lg">{t('maintenance.message')}</Text>
      </Stack>
    </Center>
  );
}
