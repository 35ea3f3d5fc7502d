import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyFloating } from './lazy-floating.ts';

type UserMenuProps = { username: string; onSignOut: () => void; signingOut?: boolean };

// The menu (Popover, @floating-ui) loads after the first paint (issue #11); its button shows at once.
const Popup = lazyFloating(({ Menu }) =>
  function UserMenuPopup({ username, onSignOut, signingOut, target }: Required<UserMenuProps> & { target: ReactElement }) {
    const { t } = useTranslation();
    return (
      <Menu position="bottom-end" width={240} shadow="md">
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('nav.signedInAs')}</Menu.Label>
          <Text px="sm" pb="xs" size="sm" fw={500} truncate>
            {username}
          </Text>
          <Menu.Divider />
          <Menu.Item onClick={onSignOut} disabled={signingOut}>
            {t('auth.logout.submit')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  },
);

/** The signed-in user's menu in the navbar: who they are, and sign out. */
export function UserMenu({ username, onSignOut, signingOut = false }: UserMenuProps) {
  const { t } = useTranslation();
  const target = (disabled: boolean) => (
    <UnstyledButton aria-label={t('nav.userMenu')} disabled={disabled}>
      <Avatar name={username} color="initials" radius="xl" size="md" />
    </UnstyledButton>
  );
  return (
    <Suspense fallback={target(true)}>
      <Popup username={username} onSignOut={onSignOut} signingOut={signingOut} target={target(false)} />
    </Suspense>
  );
}
