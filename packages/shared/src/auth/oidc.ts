import { z } from 'zod';
import { ZTokenResponse } from './schemas.ts';

/** The scopes the default strategy asks for (SPEC §7). */
export const OIDC_SCOPE = 'openid profile email';

/**
 * POST /api/auth/oidc/token: the browser hands over what /callback received plus the secrets it kept
 * (PKCE verifier, nonce); the server redeems the code at the provider (DESIGN "Auth").
 */
export const ZOidcTokenRequest = z.strictObject({
  code: z.string().min(1).max(2048),
  // RFC 7636 §4.1: 43–128 unreserved characters.
  codeVerifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/),
  redirectUri: z.url({ protocol: /^https?$/ }).max(2048),
  nonce: z.string().min(16).max(256),
});
export type TOidcTokenRequest = z.infer<typeof ZOidcTokenRequest>;

/**
 * Either the session's tokens, or `linked: true` when this sign-in has just linked the provider's
 * identity to an existing dashboard user: no tokens then, the user signs in again (SPEC §2).
 */
export const ZOidcTokenResponse = z.discriminatedUnion('linked', [
  ZTokenResponse.extend({ linked: z.literal(false) }),
  z.object({ linked: z.literal(true) }),
]);
export type TOidcTokenResponse = z.infer<typeof ZOidcTokenResponse>;
