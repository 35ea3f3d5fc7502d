import { ZTokenResponse } from '@centinela/shared';
import { getRefreshToken, storeTokens } from './auth-storage.ts';
import { readBody, send } from './http.ts';

let inFlight: Promise<boolean> | null = null;

async function refresh(refreshToken: string): Promise<boolean> {
  const response = await send('/api/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false });
  if (!response.ok) return false;
  storeTokens(await readBody(response, ZTokenResponse));
  return true;
}

/**
 * POST /api/auth/refresh with the stored refresh token. Concurrent callers share one request, so a burst
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
