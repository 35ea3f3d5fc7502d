import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
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
      <div>
        <Title order={1}>{t('auth.login.title')}</Title>
        <Text c="dimmed">{t('auth.login.subtitle')}</Text>
      </div>
      <LoginForm />
    </Stack>
  );
}
