import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../ui/app-link.tsx';
import type { NavItem } from './navbar.tsx';

/** The management layout's side links; only the sections the user may manage are given. */
export function SubNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="nav" gap={4} aria-label={t('management.nav')} miw={200}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={AppLink}
          to={item.to}
          label={item.label}
          active={item.active}
          aria-current={item.active ? 'page' : undefined}
        />
      ))}
    </Stack>
  );
}
