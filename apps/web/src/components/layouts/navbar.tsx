import { Anchor, Box, Burger, Group } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AppLink } from '../ui/app-link.tsx';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import type { NavItem } from './nav-item.ts';

type NavbarProps = {
  home: string;
  items: NavItem[];
  metrics?: ReactNode;
  /** The metrics as the drawer shows them on narrow screens (mounted only while it is open). */
  drawerMetrics?: ReactNode;
  userMenu?: ReactNode;
};

const DRAWER_ID = 'app-navigation-drawer';
// Mantine's Drawer (portal, focus trap, transitions): a chunk of its own, asked for on the first press.
const loadDrawer = () => import('./nav-drawer.tsx');
const NavDrawer = lazy(loadDrawer);

/**
 * The top bar of the default and management layouts: product name, main links, the metrics slot (the
 * app shell fills it), language switcher and the user's menu. Below the `md` breakpoint the
 * links, metrics and language switch move into a drawer behind a burger, so a phone keeps one short bar;
 * the switch between the two is CSS alone (`hiddenFrom`/`visibleFrom`), as the server draws the frame
 * without knowing the screen (src/shell).
 */
export function Navbar({ home, items, metrics, drawerMetrics, userMenu }: NavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The page the drawer was opened on: another page (a link followed from it, the browser's back) closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const opened = openedOn === pathname;
  const setOpened = (open: boolean) => setOpenedOn(open ? pathname : null);
  const toggle = () => {
    setAsked(true);
    setOpened(!opened);
  };
  return (
    <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger
            hiddenFrom="md"
            size="sm"
            opened={opened}
            onClick={toggle}
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            aria-label={t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls={opened ? DRAWER_ID : undefined}
          />
          <Anchor component={AppLink} to={home} fw={700} size="lg" underline="never" mr="md">
            {t('app.name')}
          </Anchor>
          {/* One line at any desktop width, in every language and role: links never wrap onto a second row. */}
          <Group component="nav" gap="sm" wrap="nowrap" aria-label={t('nav.main')} visibleFrom="md">
            {items.map((item) => (
              <Anchor
                key={item.to}
                component={AppLink}
                to={item.to}
                fw={item.active ? 700 : 400}
                aria-current={item.active ? 'page' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {item.label}
                {item.badge}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Box role="region" aria-label={t('nav.metrics')} data-slot="metrics" visibleFrom="md">
            {metrics}
          </Box>
          <Box visibleFrom="md">
            <LanguageSwitcher compact />
          </Box>
          {userMenu}
        </Group>
      </Group>
      {asked && (
        <Suspense fallback={null}>
          <NavDrawer
            id={DRAWER_ID}
            opened={opened}
            onClose={() => setOpened(false)}
            items={items}
            metrics={drawerMetrics}
          />
        </Suspense>
      )}
    </Box>
  );
}
