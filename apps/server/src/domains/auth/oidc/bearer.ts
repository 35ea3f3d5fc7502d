import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { buildCaller, type Caller } from '../../../kernel/index.ts';
import { isAuthorized } from '../caller.ts';
import type { OidcClient } from './client.ts';
import { userForSubject } from './link.ts';

/** A JWT (three dot-separated parts) is the provider's; anything else is one of our opaque session tokens. */
export const isJwt = (token: string) => token.split('.').length === 3;

/**
 * The caller behind a provider access token: verified against the provider's JWKS (client.ts), then its
 * subject mapped to the linked dashboard user. A valid token of nobody we know is refused like an
 * inactive account (SPEC §8). There is no server-side session: sessionId stays null.
 */
export async function callerFromJwt(db: Db, oidc: OidcClient | null, token: string): Promise<Caller> {
  if (!oidc) throw new ApiError(401, 'unauthenticated');
  const { sub } = await oidc.verifyAccessToken(token);
  const row = await userForSubject(db, sub);
  if (!row || !isAuthorized(row.user, row.owner)) throw new ApiError(403, 'account_not_authorized');
  return buildCaller(row.user, row.owner, null);
}
