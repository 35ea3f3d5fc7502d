import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useLogout } from '../api/logout.ts';

/** Sign out (navbar menu, home card); afterwards the user goes to '/' (SPEC §2) in the language they were using. */
export function useSignOut() {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const locale = useLocale();

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        notifications.show({ message: t('auth.logout.done') });
        void navigate(localizePath(paths.home, locale));
      },
    });
  return { signOut, pending: logout.isPending };
}
