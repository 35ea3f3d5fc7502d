import { Box, Drawer, NavLink, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../ui/app-link.tsx';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { useOpenAfterMount } from '../ui/use-open-after-mount.ts';
import type { NavItem } from './nav-item.ts';

type NavDrawerProps = { id: string; opened: boolean; onClose: () => void; items: NavItem[]; metrics?: ReactNode };

/**
 * The navbar's links, metrics and language switch below the `md` breakpoint, in a drawer: its
 * own chunk, loaded when the burger is first pressed. Mantine's Drawer traps focus, closes on Escape and on
 * a click outside, and gives focus back to the burger.
 */
export default function NavDrawer({ id, opened, onClose, items, metrics }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      id={id}
      opened={useOpenAfterMount(opened)}
      onClose={onClose}
      size="xs"
      title={t('app.name')}
      hiddenFrom="md"
      aria-label={t('nav.main')}
    >
      <Stack gap="md">
        <Stack component="nav" gap={2} aria-label={t('nav.main')}>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={AppLink}
              to={item.to}
              label={item.label}
              rightSection={item.badge}
              active={item.active}
              aria-current={item.active ? 'page' : undefined}
              onClick={onClose}
            />
          ))}
        </Stack>
        {metrics && (
          <Box role="region" aria-label={t('nav.metrics')}>
            {metrics}
          </Box>
        )}
        <LanguageSwitcher />
      </Stack>
    </Drawer>
  );
}
