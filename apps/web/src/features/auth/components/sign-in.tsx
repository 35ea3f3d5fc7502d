import type { Locale, TPublicConfig } from '@centinela/shared';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { LoginForm, type LoginAction } from './login-form.tsx';
import { OidcSignInButton } from './oidc-sign-in-button.tsx';
import { SIGN_IN_NOTICE } from '../utils/sign-in-notice.ts';

export { SIGN_IN_NOTICE };

/** /api/config as the sign-in needs it: the app's query, or the sign-in page's own request. */
export type ConfigState =
  | { isPending: true }
  | { isPending: false; isError: true; error: unknown; refetch: () => void }
  | { isPending: false; isError: false; data: TPublicConfig };

type SignInProps = { config: ConfigState; params: URLSearchParams; locale: Locale; login: LoginAction };

/**
 * The sign-in choices: the provider's button when /api/config says the strategy is OIDC, else the
 * email + password form (local strategy). Above them, what the last attempt at /callback ended with.
 * Router- and query-free (its state comes in props): the sign-in page's own bundle renders it too
 * (sign-in/sign-in-app.tsx), as does the app's /login route (app/routes/login.tsx).
 */
export function SignIn({ config, params, locale, login }: SignInProps) {
  const { t } = useTranslation();
  const error = params.get(SIGN_IN_NOTICE.error);

  if (config.isPending) return <PageLoader />;
  if (config.isError) return <PageError error={config.error} onRetry={() => void config.refetch()} />;
  const oidc = config.data.auth.strategy === 'oidc' ? config.data.auth.oidc : null;

  return (
    <Stack>
      <Text c="dimmed">{t(oidc ? 'auth.oidc.subtitle' : 'auth.login.subtitle')}</Text>
      {params.has(SIGN_IN_NOTICE.linked) && (
        <Alert color="blue" role="status">
          {t('auth.oidc.linked')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(t, new ApiError(0, error, ''))}
        </Alert>
      )}
      {oidc ? (
        <OidcSignInButton config={oidc} locale={locale} redirect={params.get('redirect')} />
      ) : (
        <LoginForm login={login} />
      )}
    </Stack>
  );
}
