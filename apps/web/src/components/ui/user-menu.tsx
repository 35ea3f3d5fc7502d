import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type UserMenuProps = { username: string; onSignOut: () => void; signingOut?: boolean };

/** The signed-in user's menu in the navbar: who they are, and sign out. */
export function UserMenu({ username, onSignOut, signingOut = false }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu')}>
          <Avatar name={username} color="initials" radius="xl" size="md" />
        </UnstyledButton>
      </Menu.Target>
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
}
