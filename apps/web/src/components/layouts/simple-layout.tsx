import { Container, Group, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';

type LayoutProps = { children: ReactNode };

/** Product name and language switcher above one content column: no navbar, nobody needs to be signed in. */
function SimpleLayout({ width, children }: LayoutProps & { width: MantineSize }) {
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
      <Container component="main" size={width} py="xl">
        {children}
      </Container>
    </>
  );
}

/** The minimal layout: sign-in and the sign-in callback. */
export function MinimalLayout({ children }: LayoutProps) {
  return <SimpleLayout width="xs">{children}</SimpleLayout>;
}

/** The form layout: public data-collection forms, a wider column. */
export function FormLayout({ children }: LayoutProps) {
  return <SimpleLayout width="sm">{children}</SimpleLayout>;
}
