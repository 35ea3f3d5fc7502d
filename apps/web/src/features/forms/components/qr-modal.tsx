import type { TFormLink } from '@centinela/shared';
import { Center, CopyButton, Button, Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { formUrl } from '../utils/link.ts';

/** The link as a QR code, for a candidate standing in front of a screen or a printed notice. */
export function QrModal({ link, onClose }: { link: TFormLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const url = link ? formUrl(link.code, locale) : '';
  return (
    <Modal opened={link !== null} onClose={onClose} title={t('forms.qr.title')} centered>
      <Stack align="center" gap="sm">
        <Center bg="white" p="md">
          {link && <QRCodeSVG value={url} size={240} marginSize={2} title={t('forms.qr.alt')} />}
        </Center>
        <Text size="sm" ff="monospace" ta="center" style={{ wordBreak: 'break-all' }} data-testid="form-link-url">
          {url}
        </Text>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('forms.staff.copied') : t('forms.staff.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Modal>
  );
}
