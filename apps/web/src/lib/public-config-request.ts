import type { TPublicConfig } from '@centinela/shared';
import { apiRequest } from './api-client.ts';
import { initErrorReporting } from './error-reporting.ts';
import type { Parser } from './http.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const orNull = (v: unknown, check: (x: unknown) => boolean) => v === null || check(v);
// The shared UPLOAD_EXTENSIONS, restated: its module holds zod schemas too (the test compares them).
export const CONFIG_EXTENSIONS: readonly unknown[] = ['csv', 'gif', 'jpg', 'jpeg', 'png', 'pdf', 'svg'];

function isOidc(v: unknown): boolean {
  return (
    isObj(v) &&
    ['issuer', 'authorizationEndpoint', 'clientId', 'scope'].every((k) => isStr(v[k])) &&
    orNull(v.endSessionEndpoint, isStr) &&
    orNull(v.audience, isStr)
  );
}
const isUploads = (v: unknown) =>
  isObj(v) &&
  isStr(v.url) &&
  Number.isInteger(v.maxBytes) &&
  Array.isArray(v.extensions) &&
  v.extensions.every((e) => CONFIG_EXTENSIONS.includes(e));
const isReporting = (v: unknown) => isObj(v) && isStr(v.dsn);

/**
 * GET /api/config checked by hand, to the shared ZPublicConfig's shape: every page waits for it, and
 * zod is not part of the sign-in page's JS. lib/__tests__/public-config.test.ts
 * keeps the two in agreement.
 */
export const publicConfigParser: Parser<TPublicConfig> = {
  parse(data) {
    const ok =
      isObj(data) &&
      typeof data.maintenance === 'boolean' &&
      isObj(data.auth) &&
      (data.auth.strategy === 'oidc' || data.auth.strategy === 'local') &&
      orNull(data.auth.oidc, isOidc) &&
      (data.uploads === undefined || orNull(data.uploads, isUploads)) &&
      (data.errorReporting === undefined || orNull(data.errorReporting, isReporting));
    if (!ok) throw new TypeError('not a public config');
    return data as TPublicConfig;
  },
};

/** GET /api/config → maintenance mode, the sign-in strategy, uploads, error reporting (public, read once per page load). */
export async function getPublicConfig(): Promise<TPublicConfig> {
  const config = await apiRequest('/api/config', publicConfigParser, { auth: false });
  // Error reporting starts once the server says where to (off when it names no DSN).
  void initErrorReporting(config.errorReporting?.dsn);
  return config;
}
