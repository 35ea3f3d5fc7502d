import type { TPublicConfig } from '@centinela/shared';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/use-locale.ts';
import { buildAuthorizeUrl } from '../utils/oidc-request.ts';

/**
 * The default strategy's sign-in (SPEC §7): off to the provider's authorize endpoint. Busy from the
 * click until the browser has left (SPEC §4), so a second click cannot start a second sign-in.
 */
export function OidcSignInButton({ config }: { config: NonNullable<TPublicConfig['auth']['oidc']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const start = async () => {
    setBusy(true);
    setFailed(false);
    try {
      window.location.assign(await buildAuthorizeUrl(config, locale, params.get('redirect')));
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
