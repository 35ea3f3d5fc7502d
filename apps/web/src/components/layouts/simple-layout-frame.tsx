import { Container, Group, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Product name and language links above one content column: no navbar, nobody needs to be signed in.
 * Router-free: the app's layouts (simple-layout.tsx) and the sign-in page's own bundle both use it.
 */
export function SimpleLayoutFrame({
  width,
  languages,
  children,
}: {
  width: MantineSize;
  languages: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Container component="header" size="md" py="md">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
          {languages}
        </Group>
      </Container>
      <Container component="main" size={width} py="xl">
        {children}
      </Container>
    </>
  );
}
