import { Anchor, Button, List, Modal, Stack, Text } from '@mantine/core';
import type { ReportType } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { useOpenAfterMount } from '../../../components/ui/use-open-after-mount.ts';

/**
 * Where an upgrade request goes: sales answer it (there is no self-service billing). Each language has its
 * sales desk's address, so a Portuguese-speaking customer writes to vendas@, not ventas@.
 */
const upgradeContact = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

type UpgradePromptProps = { opened: boolean; onClose: () => void; lockedTypes: readonly ReportType[] };

/** What upgrading unlocks, and how to ask for it. */
export function UpgradePrompt({ opened, onClose, lockedTypes }: UpgradePromptProps) {
  const { t } = useTranslation();
  // Loaded on demand, it mounts already asked to open: opening a frame later lets Modal return focus.
  const shown = useOpenAfterMount(opened);
  const email = t('credits.upgrade.email');
  const contact = upgradeContact(email, t('credits.upgrade.subject'));
  return (
    <Modal opened={shown} onClose={onClose} title={t('credits.upgrade.title')} centered>
      <Stack gap="sm">
        <Text>{t('credits.upgrade.intro')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('credits.upgrade.noLimit')}</List.Item>
          {lockedTypes.map((type) => (
            <List.Item key={type}>{t(`reports.types.${type}`)}</List.Item>
          ))}
        </List>
        <Button component="a" href={contact}>
          {t('credits.upgrade.contact')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('credits.upgrade.contactHint')}{' '}
          <Anchor href={contact} translate="no">
            {email}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
