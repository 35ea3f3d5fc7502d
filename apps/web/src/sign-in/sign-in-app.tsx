import { Stack, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UiProvider } from '../app/ui-provider.tsx';
import { EmptyLayout } from '../components/layouts/empty-layout.tsx';
import { SimpleLayoutFrame } from '../components/layouts/simple-layout-frame.tsx';
import { LanguageLinks } from '../components/ui/language-links.tsx';
import { MaintenanceNotice } from '../components/ui/maintenance-notice.tsx';
import { paths } from '../config/paths.ts';
import { SignIn } from '../features/auth/components/sign-in.tsx';
import { localeFromPath, localizePath, setDocumentLocale } from '../lib/locale.ts';
import { isSafeLocalPath } from '../lib/safe-path.ts';
import { useConfigRequest } from './use-config-request.ts';
import { useSignInAction } from './use-sign-in-action.ts';

/**
 * The sign-in page as its own small bundle (its first JS is React, i18n and the UI kit, not the
 * router, TanStack Query or the app's shell): what the app's /login route shows, in the same layout. The
 * server sends sign-in.html for a page load of /login (apps/server/src/plugins/web.ts). Once signed in,
 * `onSignedIn` starts the app at the page that was asked for (SPEC §4).
 */
export function SignInApp({ onSignedIn }: { onSignedIn: (target: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = window.location;
  const locale = localeFromPath(pathname);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const config = useConfigRequest();
  const redirect = params.get('redirect');
  const target = isSafeLocalPath(redirect) ? redirect : localizePath(paths.home, locale);
  const login = useSignInAction(useMemo(() => () => onSignedIn(target), [onSignedIn, target]));

  // As the app's LocaleLayout does: the page speaks the URL's language.
  useEffect(() => {
    setDocumentLocale(locale);
    document.title = t('app.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
  }, [t, locale]);

  const maintenance = !config.isPending && !config.isError && config.data.maintenance;
  return (
    <UiProvider>
      {maintenance ? (
        <EmptyLayout>
          <MaintenanceNotice />
        </EmptyLayout>
      ) : (
        <SimpleLayoutFrame width="xs" languages={<LanguageLinks where={{ pathname, search, hash }} />}>
          <Stack>
            <Title order={1}>{t('auth.login.title')}</Title>
            <SignIn config={config} params={params} locale={locale} login={login} />
          </Stack>
        </SimpleLayoutFrame>
      )}
    </UiProvider>
  );
}
