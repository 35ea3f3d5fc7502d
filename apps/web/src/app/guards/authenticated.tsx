import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageError } from '../../components/ui/page-error.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { sessionEndReason } from '../../lib/auth-storage.ts';
import { localizePath, stripLocale } from '../../lib/locale.ts';
import { SIGN_IN_NOTICE } from '../../features/auth/utils/sign-in-notice.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * The `authenticated` guard: signed-out visitors go to sign-in, which brings them back to the page they
 * asked for (SPEC §4; sign-in checks it is a safe local path). Home needs no reminder: sign-in goes home.
 */
export function AuthenticatedGuard({ children }: { children: ReactNode }) {
  const user = useUser();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();

  if (user.isPending) return <PageLoader />;
  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) {
    const login = localizePath(paths.login, locale);
    const query = new URLSearchParams();
    if (stripLocale(pathname) !== paths.home) query.set('redirect', pathname + search + hash);
    // Why the API ended the session, for the sign-in page to say (e.g. the account was deactivated).
    const reason = sessionEndReason();
    if (reason) query.set(SIGN_IN_NOTICE.error, reason);
    const wanted = query.size > 0 ? `?${query.toString()}` : '';
    return <Navigate replace to={login + wanted} />;
  }
  return children;
}
