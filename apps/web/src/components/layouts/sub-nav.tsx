import { Flex, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../ui/app-link.tsx';
import type { NavItem } from './nav-item.ts';

/** The management layout's side links; only the sections the user may manage are given. */
export function SubNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    // A column beside the page from md up; a wrapping row of links above it on narrower screens.
    <Flex
      component="nav"
      direction={{ base: 'row', md: 'column' }}
      wrap={{ base: 'wrap', md: 'nowrap' }}
      gap={4}
      aria-label={t('management.nav')}
      miw={{ md: 200 }}
    >
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={AppLink}
          to={item.to}
          label={item.label}
          active={item.active}
          aria-current={item.active ? 'page' : undefined}
          w={{ base: 'auto', md: '100%' }}
        />
      ))}
    </Flex>
  );
}
