import type { Scope } from '@centinela/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { Params } from 'react-router';
import i18n from '../../lib/i18n.ts';
import { AppError } from '../../lib/normalize-error.ts';
import { AuthenticatedGuard } from './authenticated.tsx';
import { UserdataGuard } from './userdata.tsx';

type Guard = ComponentType<{ children: ReactNode }>;

/**
 * The route guards SPEC §2 names; what they do is ours:
 * - `authenticated`: the visitor is signed in, else off to sign-in remembering a safe local path (SPEC §4);
 * - `userdata`: the user's record is loaded (loader meanwhile) and the account is active.
 * A layout route lists its guards in `handle.guards`, outermost first; a page with `handle.auth: false`
 * is exempt from all of them (sign-in, callback, public forms, 404).
 */
export const GUARDS = { authenticated: AuthenticatedGuard, userdata: UserdataGuard } satisfies Record<string, Guard>;
export type GuardName = keyof typeof GUARDS;

/** What a route may say about itself in `handle`. */
export type RouteHandle = {
  guards?: GuardName[];
  auth?: false;
  /** The scope a page needs (the layouts' ScopeGate checks it, with the shared scope table). */
  scope?: Scope;
  /** The page's lazy module, loaded ahead of a click on a link to it (lib/prefetch.ts). */
  prefetch?: () => Promise<unknown>;
  /** Asks for the data the page's first render needs, when a load opens on it (app/boot.tsx). */
  data?: (client: QueryClient, params: Params, search: string) => void;
};

export function routeHandle(match: { handle?: unknown }): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

/** The guards for the matched routes, in order. An unknown name is a programming error: a 500 (SPEC §8). */
export function guardsFor(matches: { handle?: unknown }[]): Guard[] {
  const handles = matches.map(routeHandle);
  if (handles.some((handle) => handle.auth === false)) return [];
  const names = [...new Set(handles.flatMap((handle) => handle.guards ?? []))];
  return names.map((name) => {
    if (!Object.hasOwn(GUARDS, name)) throw new AppError(500, i18n.t('errorPage.unknownGuard', { name }));
    return GUARDS[name];
  });
}
