import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissSolNews } from '../utils/news-storage.ts';
import { SolIntro } from './sol-intro.tsx';

/**
 * The popup announcing Sol (SPEC §2), once per user: dismissing (or opening the intro) remembers it. A
 * non-modal notice in a corner of the window, not a modal over the page (over the persons list
 * on a first visit the modal was the page's largest paint and held the list behind it): the page stays
 * usable around it, Escape or the close button dismisses it, and it says nothing until it has something
 * to say (it opens after the visitor's first interaction, once the page is idle: sol-news-loader.tsx).
 */
export default function SolNews({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [intro, setIntro] = useState(false);
  const close = () => {
    dismissSolNews(userId);
    setOpen(false);
  };
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <>
      {open && (
        <Paper
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          data-testid="sol-news"
          shadow="lg"
          withBorder
          p="md"
          pos="fixed"
          bottom="var(--mantine-spacing-md)"
          right="var(--mantine-spacing-md)"
          style={{
            width: 'min(24rem, calc(100vw - 2 * var(--mantine-spacing-md)))',
            zIndex: 'var(--mantine-z-index-overlay)',
          }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text id={titleId} fw={600} size="sm">
              {t('sol.news.title')}
            </Text>
            <CloseButton size="sm" onClick={close} aria-label={t('a11y.closeDialog')} />
          </Group>
          <Text size="xs" mt={4}>
            {t('sol.news.body')}
          </Text>
          <Group justify="flex-end" mt="sm" gap="xs">
            <Button size="compact-sm" variant="default" onClick={close}>
              {t('sol.news.dismiss')}
            </Button>
            <Button
              size="compact-sm"
              onClick={() => {
                close();
                setIntro(true);
              }}
            >
              {t('sol.news.learnMore')}
            </Button>
          </Group>
        </Paper>
      )}
      <SolIntro opened={intro} onClose={() => setIntro(false)} />
    </>
  );
}
