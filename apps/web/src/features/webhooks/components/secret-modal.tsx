import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown this once (on create and on rotation). */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secretTitle')} centered size="lg">
      <Stack>
        <Alert color="yellow">{t('webhooks.secretOnce')}</Alert>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          {t('webhooks.secretHelp')}
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('webhooks.copied') : t('webhooks.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('webhooks.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
