import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { SignIn } from '../../features/auth/components/sign-in.tsx';
import { localizePath } from '../../lib/locale.ts';
import { isSafeLocalPath } from '../../lib/safe-path.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** Sign-in; once signed in, on to the page that was asked for (if a safe local path) or home (SPEC §4). */
export function LoginRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const locale = useLocale();
  const [params] = useSearchParams();

  if (user.isPending) return <PageLoader />;
  if (user.data) {
    const redirect = params.get('redirect');
    return <Navigate replace to={isSafeLocalPath(redirect) ? redirect : localizePath(paths.home, locale)} />;
  }

  return (
    <Stack>
      <Title order={1}>{t('auth.login.title')}</Title>
      <SignIn />
    </Stack>
  );
}
