import type { TTokenResponse } from '@centinela/shared';
import { getCookie, removeCookie, setCookie } from './cookies.ts';

/**
 * SPEC §9: storage and cookie prefix 'auth.', token prefix '_token.', refresh prefix '_refresh_token.',
 * strategy 'local', token type Bearer. Each value is kept in localStorage and mirrored in a cookie on '/'.
 */
const PREFIX = 'auth.';
const STRATEGY = 'local';
export const TOKEN_KEY = `${PREFIX}_token.${STRATEGY}`;
export const REFRESH_TOKEN_KEY = `${PREFIX}_refresh_token.${STRATEGY}`;
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

/** The stored token with its type, ready for the Authorization header ('Bearer <token>'). */
export function getAuthorization(): string | null {
  return read(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function hasToken(): boolean {
  return getAuthorization() !== null;
}

export function storeTokens({ token, refreshToken }: Pick<TTokenResponse, 'token' | 'refreshToken'>): void {
  write(TOKEN_KEY, `${TOKEN_TYPE} ${token}`);
  write(REFRESH_TOKEN_KEY, refreshToken);
}

export function clearTokens(): void {
  remove(TOKEN_KEY);
  remove(REFRESH_TOKEN_KEY);
}
