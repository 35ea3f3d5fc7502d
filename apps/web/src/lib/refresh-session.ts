import { getRefreshToken, getStrategy, storeTokens } from './auth-storage.ts';
import { lazyParser, readBody, send } from './http.ts';

const tokenResponse = lazyParser(() => import('@centinela/shared/auth/schemas').then((m) => m.ZTokenResponse));

let inFlight: Promise<boolean> | null = null;

// An OIDC sign-in's refresh token is the provider's (or, without an audience, ours): its own route says which.
const REFRESH_PATHS = { local: '/api/auth/refresh', oidc: '/api/auth/oidc/refresh' } as const;

async function refresh(refreshToken: string): Promise<boolean> {
  const response = await send(REFRESH_PATHS[getStrategy()], { method: 'POST', body: { refreshToken }, auth: false });
  if (!response.ok) return false;
  storeTokens(await readBody(response, tokenResponse));
  return true;
}

/**
 * POST /api/auth/refresh (or its OIDC twin) with the stored refresh token. Concurrent callers share one request, so a burst
 * of expired calls spends the refresh token once. Resolves false when there is nothing to refresh or it failed.
 */
export function refreshSession(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  inFlight ??= refresh(refreshToken)
    .catch(() => false)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
