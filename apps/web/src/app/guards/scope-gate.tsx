import { hasScope } from '@centinela/shared';
import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { AppLink } from '../../components/ui/app-link.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { routeHandle } from './guards.ts';

/** The scope the deepest matched route asks for in `handle.scope`, if any. */
export function useRouteScope() {
  return useMatches()
    .map(routeHandle)
    .findLast((handle) => handle.scope)?.scope;
}

/**
 * A page whose `handle.scope` the user's roles do not grant (the shared ROLE_SCOPES, the same table the
 * server checks) is not offered: instead of the page, and before any of its requests, the forbidden
 * message and a way home (a viewer opening /webhooks or /persons/co/upload by address).
 */
export function ScopeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useUser();
  const scope = useRouteScope();
  if (!scope || hasScope(user?.scope, scope)) return children;
  return (
    <Stack align="flex-start" data-testid="forbidden-page">
      <Alert color="red" role="alert">
        {t('errors.forbidden')}
      </Alert>
      <Anchor component={AppLink} to={localizePath(paths.home, locale)}>
        {t('common.backHome')}
      </Anchor>
    </Stack>
  );
}
