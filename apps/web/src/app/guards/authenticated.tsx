import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageError } from '../../components/ui/page-error.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { localizePath, stripLocale } from '../../lib/locale.ts';
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
    const wanted = stripLocale(pathname) === paths.home ? '' : `?redirect=${encodeURIComponent(pathname + search + hash)}`;
    return <Navigate replace to={login + wanted} />;
  }
  return children;
}
