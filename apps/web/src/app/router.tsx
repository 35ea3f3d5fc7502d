import { LOCALES, type Locale } from '@centinela/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { localizePath } from '../lib/locale.ts';
import { ErrorRoute } from './routes/error.tsx';
import { HomeRoute } from './routes/home.tsx';
import { LocaleLayout } from './routes/locale-layout.tsx';
import { LoginRoute } from './routes/login.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** The pages, once per locale; route ids carry the locale after a separator (SPEC §2), e.g. 'login___es'. */
function pages(locale: Locale): RouteObject[] {
  return [
    { id: `index___${locale}`, index: true, element: <HomeRoute /> },
    { id: `login___${locale}`, path: 'login', element: <LoginRoute /> },
    { id: `not-found___${locale}`, path: '*', element: <NotFoundRoute /> },
  ];
}

/** English without a prefix, every other locale under /<locale> (SPEC §2). */
export const routes: RouteObject[] = LOCALES.map((locale) => ({
  id: `layout___${locale}`,
  path: localizePath('/', locale),
  element: <LocaleLayout locale={locale} />,
  errorElement: <ErrorRoute />,
  children: pages(locale),
}));

export function createAppRouter() {
  return createBrowserRouter(routes);
}
