import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissSolNews } from '../utils/news-storage.ts';
import { SolIntro } from './sol-intro.tsx';

/** The popup announcing Sol (SPEC §2), once per user: dismissing (or opening the intro) remembers it. */
export default function SolNews({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [intro, setIntro] = useState(false);
  const close = () => {
    dismissSolNews(userId);
    setOpen(false);
  };
  return (
    <>
      <Modal opened={open} onClose={close} title={t('sol.news.title')} data-testid="sol-news">
        <Text size="sm">{t('sol.news.body')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('sol.news.dismiss')}
          </Button>
          <Button
            onClick={() => {
              close();
              setIntro(true);
            }}
          >
            {t('sol.news.learnMore')}
          </Button>
        </Group>
      </Modal>
      <SolIntro opened={intro} onClose={() => setIntro(false)} />
    </>
  );
}
