import { eq } from 'drizzle-orm';
import type { TOidcTokenRequest, TOidcTokenResponse } from '@centinela/shared';
import * as client from 'openid-client';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { recordAudit } from '../../audit/record.ts';
import { createSession, type IssuedTokens, type SessionTtl } from '../sessions.ts';
import type { OidcClient } from './client.ts';
import { resolveIdentity } from './link.ts';

const refusals = [
  client.ResponseBodyError,
  client.AuthorizationResponseError,
  client.WWWAuthenticateChallengeError,
  client.ClientError,
];

/**
 * What the provider refuses (bad code, wrong verifier, nonce mismatch…) is the caller's 4xx (`refused`),
 * not our 500; an unreachable provider is a 503.
 */
async function atProvider<T>(call: () => Promise<T>, refused = () => new ApiError(400, 'oidc_failed')): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (refusals.some((kind) => error instanceof kind)) throw refused();
    throw new ApiError(503, 'service_unavailable');
  }
}

/**
 * The API's bearer token: the access token itself when the provider already issued it for our audience
 * (e.g. Auth0's `audience`), else one obtained with the refresh token for that resource (RFC 8707; e.g.
 * oidc-provider, whose code-exchange token is reserved for its userinfo endpoint).
 */
async function apiTokens(oidc: OidcClient, tokens: client.TokenEndpointResponse): Promise<IssuedTokens> {
  const forUs = await oidc.verifyAccessToken(tokens.access_token).then(
    () => true,
    () => false,
  );
  // No refresh token (providers issue none without offline_access): '' makes a later refresh a plain 401.
  if (forUs)
    return {
      token: tokens.access_token,
      refreshToken: tokens.refresh_token ?? '',
      tokenType: 'Bearer',
      expiresIn: tokens.expires_in ?? 0,
    };
  if (!tokens.refresh_token) throw new ApiError(400, 'oidc_failed');
  return refreshAtProvider(oidc, tokens.refresh_token);
}

/** Redeems the provider's refresh token for a new API access token (POST /api/auth/oidc/refresh). */
export async function refreshAtProvider(oidc: OidcClient, refreshToken: string): Promise<IssuedTokens> {
  const configuration = await oidc.configuration();
  const parameters: Record<string, string> = oidc.audience ? { resource: oidc.audience } : {};
  // A refused refresh token ends the session (401), like an unknown local one.
  const next = await atProvider(
    () => client.refreshTokenGrant(configuration, refreshToken, parameters),
    () => new ApiError(401, 'unauthenticated'),
  );
  await oidc.verifyAccessToken(next.access_token);
  return {
    token: next.access_token,
    refreshToken: next.refresh_token ?? refreshToken,
    tokenType: 'Bearer',
    expiresIn: next.expires_in ?? 0,
  };
}

/**
 * The authorization-code exchange for the browser (which checked `state`): PKCE verifier and nonce are
 * checked by the provider and openid-client; the user info is then fetched for the email, and the
 * identity is mapped to a dashboard user (link.ts) before any API token is handed out. Without
 * OIDC_AUDIENCE the provider issues no token for this API, so a local session is opened instead.
 */
export async function exchangeCode(
  db: Db,
  oidc: OidcClient,
  input: TOidcTokenRequest,
  context: { ip: string; userAgent: string | undefined; ttl: SessionTtl },
): Promise<TOidcTokenResponse> {
  const { ip } = context;
  const configuration = await oidc.configuration();
  const metadata = configuration.serverMetadata();
  const callbackUrl = new URL(input.redirectUri);
  callbackUrl.search = '';
  callbackUrl.hash = '';
  callbackUrl.searchParams.set('code', input.code);
  // RFC 9207: one configured provider means no mix-up is possible, so its own issuer is the answer's.
  if (metadata.authorization_response_iss_parameter_supported) callbackUrl.searchParams.set('iss', metadata.issuer);

  const tokens = await atProvider(() =>
    client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: input.codeVerifier,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    }),
  );
  const sub = tokens.claims()?.sub;
  if (!sub) throw new ApiError(400, 'oidc_failed');
  const info = await atProvider(() => client.fetchUserInfo(configuration, tokens.access_token, sub));

  const { userId, ownerId, linked } = await resolveIdentity(
    db,
    { sub, email: info.email, emailVerified: info.email_verified === true },
    ip,
  );
  if (linked) return { linked: true };

  const issued = oidc.audience
    ? await apiTokens(oidc, tokens)
    : await createSession(db, { userId, ip, userAgent: context.userAgent }, context.ttl);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  await recordAudit(db, {
    ownerId,
    actorUserId: userId,
    action: 'auth.login',
    entityType: 'user',
    entityId: userId,
    ip,
  });
  return { ...issued, linked: false };
}
