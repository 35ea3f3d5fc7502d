import { Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';

/** The minimal layout: product name and language switcher above a narrow content column. */
export function PageLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Container component="header" size="md" py="md">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
          <LanguageSwitcher />
        </Group>
      </Container>
      <Container component="main" size="xs" py="xl">
        {children}
      </Container>
    </>
  );
}
