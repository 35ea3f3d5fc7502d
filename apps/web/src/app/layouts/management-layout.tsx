import { Alert, Group } from '@mantine/core';
import { hasScope } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { SubNav } from '../../components/layouts/sub-nav.tsx';
import { PageOutlet } from '../../components/ui/page-transition.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { routeHandle } from '../guards/guards.ts';
import { AppShell } from './default-layout.tsx';
import { managementItems } from './nav-items.ts';

/**
 * The management layout: navbar, the management sections the user may open, and the page. A page whose
 * `handle.scope` the user lacks shows the forbidden message instead (SPEC §6).
 */
export function ManagementLayout() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const locale = useLocale();
  const { pathname } = useLocation();
  const scope = useMatches().map(routeHandle).findLast((handle) => handle.scope)?.scope;
  const items = user ? managementItems({ user, locale, pathname, t }) : [];
  const allowed = Boolean(user) && items.length > 0 && (!scope || hasScope(user?.scope, scope));

  return (
    <AppShell>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        {items.length > 0 && <SubNav items={items} />}
        <div style={{ flex: 1 }}>
          {allowed ? (
            <PageOutlet />
          ) : (
            <Alert color="red" role="alert">
              {t('errors.forbidden')}
            </Alert>
          )}
        </div>
      </Group>
    </AppShell>
  );
}
