import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { LoginForm } from './login-form.tsx';
import { OidcSignInButton } from './oidc-sign-in-button.tsx';

/** Query flags /callback leaves for the sign-in page (SPEC §2's login messages). */
export const SIGN_IN_NOTICE = { linked: 'linked', error: 'error' } as const;

/**
 * The sign-in choices: the provider's button when /api/config says the strategy is OIDC, else the
 * email + password form (local strategy). Above them, what the last attempt at /callback ended with.
 */
export function SignIn() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const [params] = useSearchParams();
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
      {oidc ? <OidcSignInButton config={oidc} /> : <LoginForm />}
    </Stack>
  );
}
