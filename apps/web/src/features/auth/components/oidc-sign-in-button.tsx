import type { Locale, TPublicConfig } from '@centinela/shared';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildAuthorizeUrl } from '../utils/oidc-request.ts';

/**
 * The default strategy's sign-in (SPEC §7): off to the provider's authorize endpoint. Busy from the
 * click until the browser has left (SPEC §4), so a second click cannot start a second sign-in.
 */
export function OidcSignInButton({
  config,
  locale,
  redirect,
}: {
  config: NonNullable<TPublicConfig['auth']['oidc']>;
  locale: Locale;
  redirect: string | null;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const start = async () => {
    setBusy(true);
    setFailed(false);
    try {
      window.location.assign(await buildAuthorizeUrl(config, locale, redirect));
    } catch {
      // Web Crypto is missing only on insecure origins other than localhost: say so rather than hang.
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Stack>
      {failed && (
        <Alert color="red" role="alert">
          {t('errors.oidc_failed')}
        </Alert>
      )}
      <Button fullWidth loading={busy} onClick={() => void start()}>
        {t('auth.oidc.submit')}
      </Button>
    </Stack>
  );
}
