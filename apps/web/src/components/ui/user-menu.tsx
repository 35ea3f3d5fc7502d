import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MenuButton, MenuItem } from './menu-button.tsx';
import classes from './user-menu.module.css';

type UserMenuProps = {
  username: string;
  /** Who the user works for and as what (e.g. "Acme S.A. · Manager"): the account, without a card on the page. */
  account?: string;
  onSignOut: () => void;
  signingOut?: boolean;
};

/** Up to two letters for the user's circle: the first two words' first letters, or a single word's first two. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : name.trim().slice(0, 2)).toUpperCase();
}

/** The signed-in user's menu in the navbar: who they are, and sign out. */
export function UserMenu({ username, account = '', onSignOut, signingOut = false }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <MenuButton
      button={(trigger) => (
        <UnstyledButton aria-label={t('nav.userMenu')} {...trigger}>
          <span className={classes.avatar}>{initials(username)}</span>
        </UnstyledButton>
      )}
    >
      <div className={classes.label}>{t('nav.signedInAs')}</div>
      <div className={classes.who}>{username}</div>
      <div className={classes.account}>{account}</div>
      <hr className={classes.divider} />
      <MenuItem onClick={onSignOut} disabled={signingOut}>
        {t('auth.logout.submit')}
      </MenuItem>
    </MenuButton>
  );
}
