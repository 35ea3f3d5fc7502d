import { LOCALES, type Locale } from '@centinela/shared';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { EmptyLayout } from '../components/layouts/empty-layout.tsx';
import { FormLayout, MinimalLayout } from '../components/layouts/simple-layout.tsx';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { PageOutlet } from '../components/ui/page-transition.tsx';
import { withCatalogue } from '../lib/i18n.ts';
import { localeFromPath, localizePath } from '../lib/locale.ts';
import { setPrefetchResolver } from '../lib/prefetch.ts';
import { registerIdentity } from '../features/identity/register.ts';
import { registerSol } from '../features/sol/register.ts';
import { registerWatchlists } from '../features/watchlists/register.ts';
import { routeHandle } from './guards/guards.ts';
import { EXEMPT, layout, page, SIGNED_IN } from './route-builders.tsx';
import { ErrorRoute } from './routes/error.tsx';
import { prefetchList } from './routes/list-data.ts';
import { LocaleLayout } from './routes/locale-layout.tsx';

// Sol's panel in the profile flyout: a lazy chunk, loaded when such a report shows.
registerSol();
// The watch-lists report's matches in the flyout: likewise a lazy chunk.
registerWatchlists();
// The identity document report's panel in the flyout: likewise a lazy chunk.
registerIdentity();

/** The pages of one locale, by layout; ids carry the locale after a separator (SPEC §2), e.g. 'persons-country___es'. */
function pages(l: Locale): RouteObject[] {
  const formLayout = (
    <FormLayout>
      <PageOutlet />
    </FormLayout>
  );
  const minimalLayout = (
    <MinimalLayout>
      <PageOutlet />
    </MinimalLayout>
  );
  const emptyLayout = (
    <EmptyLayout>
      <PageOutlet />
    </EmptyLayout>
  );
  return [
    layout(
      `layout-default___${l}`,
      withCatalogue(() => import('./layouts/default-layout.tsx').then((m) => ({ Component: m.DefaultLayout })), 'app'),
      SIGNED_IN,
      [
        page(`index___${l}`, null, () => import('./routes/home.tsx'), {
          data: (client, _params, search) => prefetchList(client, undefined, search),
        }),
        // Both match '/persons/x'; the country page wins (listed first), so a person link carries its country.
        page(`persons-country___${l}`, 'persons/:country', () => import('./routes/persons-country.tsx'), {
          data: (client, params, search) => prefetchList(client, params.country, search),
        }),
        page(`persons-country-id___${l}`, 'persons/:country?/:id', () => import('./routes/person.tsx')),
        // A static segment outranks ':id', so '/persons/co/upload' is the CSV wizard, never a person.
        page(
          `persons-country-upload___${l}`,
          'persons/:country/upload',
          withCatalogue(() => import('./routes/persons-upload.tsx'), 'more'),
          { scope: 'profiles:write' },
        ),
        page(
          `pipelines___${l}`,
          'pipelines',
          withCatalogue(() => import('./routes/pipelines.tsx'), 'more'),
          { scope: 'pipelines:manage' },
        ),
        page(
          `analytics___${l}`,
          'analytics',
          withCatalogue(() => import('./routes/analytics.tsx'), 'more'),
          { scope: 'metrics:read' },
        ),
        page(
          `webhooks___${l}`,
          'webhooks',
          withCatalogue(() => import('./routes/webhooks.tsx'), 'more'),
          { scope: 'webhooks:manage' },
        ),
        page(
          `monitoring___${l}`,
          'monitoring',
          withCatalogue(() => import('./routes/monitoring.tsx'), 'more'),
          { scope: 'profiles:read' },
        ),
        page(
          `inbox___${l}`,
          'inbox',
          withCatalogue(() => import('./routes/inbox.tsx'), 'more'),
          {
            scope: 'profiles:read',
          },
        ),
        page(
          `sources___${l}`,
          'sources',
          withCatalogue(() => import('./routes/sources.tsx'), 'more'),
          { scope: 'watchlists:manage' },
        ),
      ],
    ),
    layout(
      `layout-management___${l}`,
      withCatalogue(
        () => import('./layouts/management-layout.tsx').then((m) => ({ Component: m.ManagementLayout })),
        'app',
        'more',
      ),
      SIGNED_IN,
      [
        page(`management-owners___${l}`, 'management/owners', () => import('./routes/management-owners.tsx'), {
          scope: 'owners:manage',
        }),
        page(
          `management-owners-inactive___${l}`,
          'management/owners/inactive',
          () => import('./routes/management-owners-inactive.tsx'),
          { scope: 'owners:manage' },
        ),
        page(`management-users___${l}`, 'management/users', () => import('./routes/management-users.tsx'), {
          scope: 'users:manage',
        }),
        page(`management-audit___${l}`, 'management/audit', () => import('./routes/management-audit.tsx'), {
          scope: 'users:manage',
        }),
        page(`management-retention___${l}`, 'management/retention', () => import('./routes/management-retention.tsx'), {
          scope: 'retention:manage',
        }),
      ],
    ),
    layout(`layout-form___${l}`, formLayout, EXEMPT, [
      page(
        `forms-code___${l}`,
        'forms/:code?',
        withCatalogue(() => import('./routes/forms.tsx'), 'app', 'more'),
        EXEMPT,
      ),
      // Anyone holding a PDF report checks its code here: public, nothing about the person.
      page(
        `verify-code___${l}`,
        'verify/:code',
        withCatalogue(() => import('./routes/verify.tsx'), 'more'),
        EXEMPT,
      ),
      // The candidate's own page: public behind their code, in the language of its link.
      page(
        `candidate-code___${l}`,
        'candidate/:code',
        withCatalogue(() => import('./routes/candidate.tsx'), 'more'),
        EXEMPT,
      ),
    ]),
    // Public pages: no guards. The OIDC callback route goes in this list.
    layout(`layout-minimal___${l}`, minimalLayout, EXEMPT, [
      page(
        `login___${l}`,
        'login',
        () => import('./routes/login.tsx').then((m) => ({ Component: m.LoginRoute })),
        EXEMPT,
      ),
      page(
        `callback___${l}`,
        'callback',
        () => import('./routes/callback.tsx').then((m) => ({ Component: m.CallbackRoute })),
        EXEMPT,
      ),
    ]),
    layout(`layout-empty___${l}`, emptyLayout, EXEMPT, [
      page(`not-found___${l}`, '*', () => import('./routes/not-found.tsx'), EXEMPT),
    ]),
  ];
}

/** English without a prefix, every other locale under /<locale> (SPEC §2): one route per locale. */
export const routes: RouteObject[] = LOCALES.map((locale) => ({
  id: `layout___${locale}`,
  path: localizePath('/', locale),
  element: <LocaleLayout locale={locale} />,
  errorElement: <ErrorRoute />,
  hydrateFallbackElement: <PageLoader />,
  children: pages(locale),
}));
const routeOf = (locale: Locale) => routes[LOCALES.indexOf(locale)]!;

// Link intent prefetches the lazy modules of the routes a path matches (lib/prefetch.ts).
setPrefetchResolver((path) =>
  (matchRoutes(routes, path) ?? []).flatMap((match) => routeHandle(match.route).prefetch ?? []),
);

/**
 * Matches `pathname` against its locale's routes once, without a router: react-router's matching (flattening
 * and ranking the routes, compiling their patterns) then runs for the first time here, in a task of the
 * boot's own, and the router's start, which matches again, is that much shorter.
 */
export function warmRouteMatching(pathname = window.location.pathname): void {
  matchRoutes([routeOf(localeFromPath(pathname))], pathname);
}

/**
 * History mode, base '/' (SPEC §2), with the routes of the locale the app opens in; each other locale's
 * join on the first navigation into it (react-router's patchRoutesOnNavigation, which it calls when a
 * path matches nothing but English's catch-all or a dynamic segment). The router's start is one long task
 * of a page's load, ranking the routes among it; with a third of them it is somewhat shorter
 * (most of it is code running for the first time: docs/performance.md).
 */
export function createAppRouter(pathname = window.location.pathname) {
  const added = new Set<Locale>([localeFromPath(pathname)]);
  return createBrowserRouter([routeOf(localeFromPath(pathname))], {
    patchRoutesOnNavigation({ path, patch }) {
      const locale = localeFromPath(path);
      if (added.has(locale)) return;
      added.add(locale);
      patch(null, [routeOf(locale)]);
    },
  });
}
export type AppRouter = ReturnType<typeof createAppRouter>;
