import { Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lateFloating } from './late-floating.ts';

type UserMenuProps = {
  username: string;
  /** Who the user works for and as what (e.g. "Acme S.A. · Manager"): the account, without a card on the page. */
  account?: string;
  onSignOut: () => void;
  signingOut?: boolean;
};

/** Avatar's size "md" (38px): the place the button keeps while it loads. */
const AVATAR_MD = 38;

// The menu and its button (Popover, @floating-ui, Avatar) load after the first paint.
const Popup = lateFloating(
  ({ Avatar, Menu }) =>
    function UserMenuPopup({ username, account, onSignOut, signingOut }: Required<UserMenuProps>) {
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
            <Text px="sm" size="sm" fw={500} truncate>
              {username}
            </Text>
            <Text px="sm" pb="xs" size="xs" c="dimmed">
              {account}
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
export function UserMenu({ username, account = '', onSignOut, signingOut = false }: UserMenuProps) {
  return (
    <Popup
      username={username}
      account={account}
      onSignOut={onSignOut}
      signingOut={signingOut}
      fallback={<Skeleton circle height={AVATAR_MD} />}
    />
  );
}
