import type { Locale, TPublicConfig } from '@centinela/shared';
import { paths } from '../../../config/paths.ts';
import { localizePath } from '../../../lib/locale.ts';
import { isSafeLocalPath } from '../../../lib/safe-path.ts';

type OidcConfig = NonNullable<TPublicConfig['auth']['oidc']>;

/** What /callback needs to finish the sign-in this tab started; sessionStorage: this tab only. */
export type PendingSignIn = {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  redirect: string | null;
};

const PENDING_KEY = 'auth.oidc.pending';

/** 32 random bytes, base64url (43 characters: also a valid PKCE verifier, RFC 7636 §4.1). */
function randomString(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/**
 * The provider's authorize URL for the authorization-code flow with PKCE (SPEC §7's fields plus
 * code_challenge); state, nonce and verifier are kept for /callback. `redirect` (the page asked for)
 * survives the round trip only if it is a safe local path (SPEC §4).
 */
export async function buildAuthorizeUrl(config: OidcConfig, locale: Locale, redirect: string | null): Promise<string> {
  const pending: PendingSignIn = {
    state: randomString(),
    nonce: randomString(),
    codeVerifier: randomString(),
    redirectUri: `${window.location.origin}${localizePath(paths.callback, locale)}`,
    redirect: isSafeLocalPath(redirect) ? redirect : null,
  };
  const url = new URL(config.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: pending.redirectUri,
    scope: config.scope,
    state: pending.state,
    nonce: pending.nonce,
    ...(config.audience && { audience: config.audience }),
    code_challenge: await s256(pending.codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  return url.href;
}

/** The pending sign-in, consumed: a callback URL can be used once. */
export function takePendingSignIn(): PendingSignIn | null {
  const raw = window.sessionStorage.getItem(PENDING_KEY);
  window.sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignIn>;
    const ok = [value.state, value.nonce, value.codeVerifier, value.redirectUri].every(
      (v) => typeof v === 'string' && v,
    );
    return ok ? (value as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** code and state from the callback URL's query, or its hash (SPEC §7: either may carry them). */
export function callbackParams(
  search: string,
  hash: string,
): { code: string | null; state: string | null; error: string | null } {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const pick = (name: string) => query.get(name) ?? fragment.get(name);
  return { code: pick('code'), state: pick('state'), error: pick('error') };
}
