import { LOCALES, type Locale, type TFormLink } from '@centinela/shared';
import { Center, CopyButton, Button, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { formUrl } from '../utils/link.ts';

type QrModalProps = { link: TFormLink | null; linkLocale: Locale; onClose: () => void };

/**
 * The link as a QR code, for a candidate standing in front of a screen or a printed notice; in the sender's
 * language unless they pick the candidate's (the form offers the switch too).
 */
export function QrModal({ link, linkLocale, onClose }: QrModalProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Locale | null>(null);
  const language = picked ?? linkLocale;
  const url = link ? formUrl(link.code, language) : '';
  return (
    <Modal opened={link !== null} onClose={onClose} title={t('forms.qr.title')} centered>
      <Stack align="center" gap="sm">
        <SegmentedControl
          aria-label={t('forms.qr.language')}
          value={language}
          onChange={(value) => setPicked(value as Locale)}
          data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
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
