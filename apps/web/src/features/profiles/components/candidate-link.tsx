import { LOCALES, type Locale } from '@centinela/shared';
import { Alert, Button, Code, CopyButton, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCandidateLink } from '../api/privacy-requests.ts';

/**
 * A fresh link to the candidate's own page, to send them. Confirmed first: the link they had
 * stops working. The new address is shown once, with a copy button.
 */
export function CandidateLinkButton({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const link = useCandidateLink(profileId);
  const [opened, setOpened] = useState(false);
  const [locale, setLocale] = useState<Locale>('es');
  const close = () => {
    setOpened(false);
    link.reset();
  };
  const url = link.data ? `${window.location.origin}${link.data.path}` : null;
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        {t('profiles.privacy.link')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('profiles.privacy.linkTitle')} centered>
        <Stack>
          {!url && (
            <>
              <Text size="sm">{t('profiles.privacy.linkBody')}</Text>
              <SegmentedControl
                aria-label={t('profiles.privacy.linkLanguage')}
                value={locale}
                onChange={(v) => setLocale(v as Locale)}
                data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              />
            </>
          )}
          {link.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, link.error)}
            </Alert>
          )}
          {url && (
            <Stack gap="xs">
              <Text size="sm">{t('profiles.privacy.linkReady')}</Text>
              <Code
                block
                translate="no"
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                data-testid="candidate-link"
              >
                {url}
              </Code>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t(url ? 'profiles.privacy.close' : 'profiles.privacy.cancel')}
            </Button>
            {url ? (
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button color={copied ? 'green' : undefined} onClick={copy}>
                    {t(copied ? 'profiles.privacy.copied' : 'profiles.privacy.copy')}
                  </Button>
                )}
              </CopyButton>
            ) : (
              <Button loading={link.isPending} onClick={() => link.mutate(locale)}>
                {t('profiles.privacy.linkConfirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
