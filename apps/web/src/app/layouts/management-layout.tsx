import { Alert, Flex } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SubNav } from '../../components/layouts/sub-nav.tsx';
import { PageOutlet } from '../../components/ui/page-transition.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { ScopeGate } from '../guards/scope-gate.tsx';
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
  const items = user ? managementItems({ user, locale, pathname, t }) : [];
  const allowed = Boolean(user) && items.length > 0;

  return (
    <AppShell fullWidth>
      {/* Side by side from md up; on a narrower screen the sections sit above the page, which may not grow
          wider than the screen (its tables scroll inside their own box). */}
      <Flex
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'stretch', md: 'flex-start' }}
        gap={{ base: 'md', md: 'xl' }}
      >
        {items.length > 0 && <SubNav items={items} />}
        <div style={{ flex: 1, minWidth: 0 }}>
          {allowed ? (
            <ScopeGate>
              <PageOutlet />
            </ScopeGate>
          ) : (
            <Alert color="red" role="alert">
              {t('errors.forbidden')}
            </Alert>
          )}
        </div>
      </Flex>
    </AppShell>
  );
}
