import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useOidcSignIn } from '../../features/auth/api/oidc-token.ts';
import { SIGN_IN_NOTICE } from '../../features/auth/components/sign-in.tsx';
import { callbackParams, takePendingSignIn } from '../../features/auth/utils/oidc-request.ts';
import { isApiError } from '../../lib/api-error.ts';
import { resetAuth } from '../../lib/auth-events.ts';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * /callback: the provider sends the browser back here (SPEC §2). A state that is not the one this tab
 * sent, or no code, is ignored: back to sign-in with nothing stored (SPEC §4). Otherwise the code is
 * redeemed, and the user lands on the page they asked for (if safe) or home. Any failure resets auth.
 */
export function CallbackRoute() {
  const navigate = useNavigate();
  const locale = useLocale();
  const signIn = useOidcSignIn();
  // Runs once per page: the pending sign-in is consumed on the first run (React may run effects twice).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const login = localizePath(paths.login, locale);
    const pending = takePendingSignIn();
    // Signing in again from there still leads to the page first asked for.
    const backToSignIn = (notice: Record<string, string>) => {
      const query = new URLSearchParams({ ...notice, ...(pending?.redirect && { redirect: pending.redirect }) });
      return `${login}?${query.toString()}`;
    };
    const { code, state } = callbackParams(window.location.search, window.location.hash);
    if (!pending || !code || !state || state !== pending.state) {
      void navigate(login, { replace: true });
      return;
    }
    signIn.mutate(
      { code, codeVerifier: pending.codeVerifier, redirectUri: pending.redirectUri, nonce: pending.nonce },
      {
        onSuccess: (result) => {
          if (result.linked) void navigate(backToSignIn({ [SIGN_IN_NOTICE.linked]: '1' }), { replace: true });
          else void navigate(pending.redirect ?? localizePath(paths.home, locale), { replace: true });
        },
        onError: (error) => {
          resetAuth();
          void navigate(backToSignIn({ [SIGN_IN_NOTICE.error]: isApiError(error) ? error.code : 'internal' }), {
            replace: true,
          });
        },
      },
    );
  }, [locale, navigate, signIn]);

  return <PageLoader />;
}
