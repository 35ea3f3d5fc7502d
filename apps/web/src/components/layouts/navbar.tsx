import { Anchor, Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../ui/app-link.tsx';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';

export type NavItem = { to: string; label: string; active?: boolean };
type NavbarProps = { home: string; items: NavItem[]; metrics?: ReactNode; userMenu?: ReactNode };

/**
 * The top bar of the default and management layouts: product name, main links, the metrics slot (the
 * app shell fills it), language switcher and the user's menu.
 */
export function Navbar({ home, items, metrics, userMenu }: NavbarProps) {
  const { t } = useTranslation();
  return (
    <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          <Anchor component={AppLink} to={home} fw={700} size="lg" underline="never">
            {t('app.name')}
          </Anchor>
          <Group component="nav" gap="md" aria-label={t('nav.main')}>
            {items.map((item) => (
              <Anchor
                key={item.to}
                component={AppLink}
                to={item.to}
                fw={item.active ? 700 : 400}
                aria-current={item.active ? 'page' : undefined}
              >
                {item.label}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Box role="region" aria-label={t('nav.metrics')} data-slot="metrics">
            {metrics}
          </Box>
          <LanguageSwitcher />
          {userMenu}
        </Group>
      </Group>
    </Box>
  );
}
