import type { RouteObject } from 'react-router';
import type { RouteHandle } from './guards/guards.ts';
import { lazyPage, type PageModule } from './lazy-page.ts';
import { ErrorRoute } from './routes/error.tsx';

/** Layouts whose pages need a signed-in, active user (guards.ts). */
export const SIGNED_IN: RouteHandle = { guards: ['authenticated', 'userdata'] };
/** Pages exempt from the auth guards (SPEC §2/§4). */
export const EXEMPT: RouteHandle = { auth: false };

/** A lazily loaded page; the same import serves prefetching on link intent. */
export function page(
  id: string,
  path: string | null,
  load: () => Promise<PageModule>,
  handle: RouteHandle = {},
): RouteObject {
  const route = { id, lazy: lazyPage(load), handle: { ...handle, prefetch: load } };
  return path === null ? { ...route, index: true } : { ...route, path };
}

/**
 * A pathless layout route: its element lays the pages out, its handle lists their guards. A layout given
 * as an import is loaded with its first page (the signed-in shell stays out of the sign-in path).
 */
export function layout(
  id: string,
  element: React.ReactNode | (() => Promise<PageModule>),
  handle: RouteHandle,
  children: RouteObject[],
): RouteObject {
  if (typeof element !== 'function') return { id, element, handle, errorElement: <ErrorRoute />, children };
  return {
    id,
    lazy: lazyPage(element),
    handle: { ...handle, prefetch: element },
    errorElement: <ErrorRoute />,
    children,
  };
}
