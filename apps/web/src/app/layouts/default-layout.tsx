import { Container, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Navbar } from '../../components/layouts/navbar.tsx';
import { PageOutlet } from '../../components/ui/page-transition.tsx';
import { UserMenu } from '../../components/ui/user-menu.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { withCatalogue } from '../../lib/i18n.ts';
import { localizePath } from '../../lib/locale.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { hasScope } from '@centinela/shared';
import { mainItems } from './nav-items.ts';
import { ScopeGate } from '../guards/scope-gate.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { NavbarMetricsSkeleton } from '../../features/metrics/components/navbar-metrics-skeleton.tsx';
import { SolNewsLoader } from '../../features/sol/components/sol-news-loader.tsx';
import { whenPainted } from '../../first-load/index.ts';

// Chunks of their own: the metrics show their skeleton (CSS) until their code and then their data are
// in, and the free-plan banner (free-plan owners only) waits for its credits query.
const NavbarMetrics = lazy(() =>
  whenPainted(() => import('../../features/metrics/components/navbar-metrics.tsx')).then((m) => ({
    default: m.NavbarMetrics,
  })),
);
// The open watch-list alerts beside the Monitoring link, and what waits for a reviewer beside the Inbox:
// one chunk of their own, after the first paint.
const NavCount = lazy(() =>
  whenPainted(() => import('./nav-counts.tsx')).then((m) => ({
    default: m.NavCount,
  })),
);
const FreePlanBanner = lazy(
  withCatalogue(
    () => import('../../features/credits/components/free-plan-banner.tsx').then((m) => ({ default: m.FreePlanBanner })),
    'more',
  ),
);

/** The navbar's figures, behind their skeleton until their code is in; `stacked` in the narrow screens' drawer. */
const metrics = (stacked: boolean) => (
  <Suspense fallback={<NavbarMetricsSkeleton stacked={stacked} />}>
    <NavbarMetrics stacked={stacked} />
  </Suspense>
);

/** The navbar with the signed-in user's links and menu above the page (guards ensure there is a user). */
export function AppShell({ children, fullWidth = false }: { children: ReactNode; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const locale = useLocale();
  const { pathname } = useLocation();
  const { signOut, pending } = useSignOut();
  const monitoring = localizePath(paths.monitoring, locale);
  const inbox = localizePath(paths.inbox, locale);
  const items = user
    ? mainItems({ user, locale, pathname, t }).map((item) =>
        item.to === monitoring || item.to === inbox
          ? {
              ...item,
              badge: (
                <Suspense>
                  <NavCount of={item.to === inbox ? 'inbox' : 'alerts'} />
                </Suspense>
              ),
            }
          : item,
      )
    : [];
  const account = user && [user.owner?.name ?? t('auth.home.platformStaff'), ...user.roles.map((r) => t(`roles.${r}`))];
  const menu = user && (
    <UserMenu username={user.username} account={account?.join(' · ')} onSignOut={signOut} signingOut={pending} />
  );
  // The figures show from `md` up (navbar-metrics.tsx); on a narrower screen they are not mounted in the bar,
  // so a phone neither asks for them nor loads their code and tooltips while its page comes up:
  // they are in the navigation drawer, mounted when it opens.
  const { breakpoints } = useMantineTheme();
  // The server, drawing the frame without knowing the screen (src/shell), draws their place: hidden below md.
  const wide =
    useMediaQuery(`(min-width: ${breakpoints.md})`, undefined, { getInitialValueInEffect: false }) ||
    typeof window === 'undefined';
  return (
    <>
      <Navbar
        home={localizePath(paths.home, locale)}
        items={items}
        metrics={user && wide && hasScope(user.scope, 'metrics:read') && metrics(false)}
        drawerMetrics={user && !wide && hasScope(user.scope, 'metrics:read') && metrics(true)}
        userMenu={menu}
      />
      {user?.owner?.plan === 'free' && (
        <Suspense fallback={null}>
          <FreePlanBanner enabled />
        </Suspense>
      )}
      <SolNewsLoader userId={user?.id} />
      {/* Management pages put a section list beside wide tables: they take the screen's width (xl). */}
      <Container component="main" size={fullWidth ? 'xl' : 'lg'} py="xl">
        {children}
      </Container>
    </>
  );
}

/** The default layout: navbar and the page. */
export function DefaultLayout() {
  return (
    <AppShell>
      <ScopeGate>
        <PageOutlet />
      </ScopeGate>
    </AppShell>
  );
}
