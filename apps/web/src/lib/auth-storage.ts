import type { TTokenResponse } from '@centinela/shared';
import { AUTH_COOKIES, AUTH_STRATEGIES, TOKEN_TYPE, type AuthStrategy } from '@centinela/shared/shell/contract';
import { getCookie, removeCookie, setCookie } from './cookies.ts';

/**
 * SPEC §9: each value is kept in localStorage and mirrored in a cookie on '/', under the names the server
 * reads to draw a signed-in page (@centinela/shared's shell contract): 'auth.strategy' remembers which
 * strategy signed in, and the tokens' keys carry it ('auth._token.local', 'auth._token.oidc').
 */
export const STRATEGIES = AUTH_STRATEGIES;
export type Strategy = AuthStrategy;
export const STRATEGY_KEY = AUTH_COOKIES.strategy;
export const tokenKey = AUTH_COOKIES.token;
export const refreshTokenKey = AUTH_COOKIES.refreshToken;
/** The local strategy's keys (its tokens' names before OIDC existed). */
export const TOKEN_KEY = tokenKey('local');
export const REFRESH_TOKEN_KEY = refreshTokenKey('local');

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

/** Why the API last ended the session (an error code such as `account_not_authorized`), until the next sign-in. */
let endedBecause: string | null = null;

export function sessionEndReason(): string | null {
  return endedBecause;
}

export function setSessionEndReason(reason: string | null): void {
  endedBecause = reason;
}

/** Stores a sign-in's tokens under its strategy (default: the active one, so a refresh keeps it). */
export function storeTokens(
  { token, refreshToken }: Pick<TTokenResponse, 'token' | 'refreshToken'>,
  strategy: Strategy = getStrategy(),
): void {
  for (const other of STRATEGIES) if (other !== strategy) clearStrategy(other);
  endedBecause = null;
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
