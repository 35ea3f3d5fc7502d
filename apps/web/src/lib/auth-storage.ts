import type { TTokenResponse } from '@centinela/shared';
import { getCookie, removeCookie, setCookie } from './cookies.ts';

/**
 * SPEC §9: storage and cookie prefix 'auth.', token prefix '_token.', refresh prefix '_refresh_token.',
 * token type Bearer. Each value is kept in localStorage and mirrored in a cookie on '/'. As in Nuxt auth,
 * the keys carry the strategy that signed in ('auth._token.local', 'auth._token.oidc'), and
 * 'auth.strategy' remembers which one is active.
 */
const PREFIX = 'auth.';
export const STRATEGIES = ['local', 'oidc'] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const STRATEGY_KEY = `${PREFIX}strategy`;
export const tokenKey = (strategy: Strategy) => `${PREFIX}_token.${strategy}`;
export const refreshTokenKey = (strategy: Strategy) => `${PREFIX}_refresh_token.${strategy}`;
/** The local strategy's keys (its tokens' names before OIDC existed). */
export const TOKEN_KEY = tokenKey('local');
export const REFRESH_TOKEN_KEY = refreshTokenKey('local');
const TOKEN_TYPE = 'Bearer';

function read(key: string): string | null {
  return window.localStorage.getItem(key) ?? getCookie(key);
}

function write(key: string, value: string): void {
  window.localStorage.setItem(key, value);
  setCookie(key, value);
}

function remove(key: string): void {
  window.localStorage.removeItem(key);
  removeCookie(key);
}

/** The strategy that signed in; 'local' when none is recorded (sessions from before the key existed). */
export function getStrategy(): Strategy {
  const stored = read(STRATEGY_KEY);
  return STRATEGIES.find((s) => s === stored) ?? 'local';
}

/** The stored token with its type, ready for the Authorization header ('Bearer <token>'). */
export function getAuthorization(): string | null {
  return read(tokenKey(getStrategy()));
}

export function getRefreshToken(): string | null {
  return read(refreshTokenKey(getStrategy()));
}

export function hasToken(): boolean {
  return getAuthorization() !== null;
}

/** Stores a sign-in's tokens under its strategy (default: the active one, so a refresh keeps it). */
export function storeTokens(
  { token, refreshToken }: Pick<TTokenResponse, 'token' | 'refreshToken'>,
  strategy: Strategy = getStrategy(),
): void {
  for (const other of STRATEGIES) if (other !== strategy) clearStrategy(other);
  write(STRATEGY_KEY, strategy);
  write(tokenKey(strategy), `${TOKEN_TYPE} ${token}`);
  if (refreshToken) write(refreshTokenKey(strategy), refreshToken);
  else remove(refreshTokenKey(strategy));
}

function clearStrategy(strategy: Strategy): void {
  remove(tokenKey(strategy));
  remove(refreshTokenKey(strategy));
}

/** Signed out: no strategy's tokens remain. */
export function clearTokens(): void {
  for (const strategy of STRATEGIES) clearStrategy(strategy);
  remove(STRATEGY_KEY);
}
