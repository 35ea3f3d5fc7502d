import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useLogin } from '../../features/auth/api/login.ts';
import { SignIn } from '../../features/auth/components/sign-in.tsx';
import { localizePath } from '../../lib/locale.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { isSafeLocalPath } from '../../lib/safe-path.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * Sign-in inside the app: the guards send signed-out visitors here (a page load of /login gets the sign-in
 * page's own bundle instead: sign-in/sign-in-app.tsx). Once signed in, on to the page that was asked for
 * (if a safe local path) or home (SPEC §4).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const locale = useLocale();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const login = useLogin();

  if (user.isPending) return <PageLoader />;
  if (user.data) {
    const redirect = params.get('redirect');
    return <Navigate replace to={isSafeLocalPath(redirect) ? redirect : localizePath(paths.home, locale)} />;
  }

  return (
    <Stack>
      <Title order={1}>{t('auth.login.title')}</Title>
      <SignIn config={config} params={params} locale={locale} login={login} />
    </Stack>
  );
}
