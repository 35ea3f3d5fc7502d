/**
 * Where the e2e servers listen (playwright.config.ts starts them all): four ports from E2E_PORT_BASE
 * (3111 by default), so two runs on one machine can use different ranges.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3111);
export const PORT = BASE;
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A server whose default strategy is OIDC against the provider in e2e/support/oidc-provider.ts. */
export const OIDC_APP_PORT = BASE + 1;
export const OIDC_APP_URL = `http://127.0.0.1:${OIDC_APP_PORT}`;
export const OIDC_PORT = BASE + 2;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
/** A server in maintenance mode. */
export const MAINTENANCE_PORT = BASE + 3;
export const MAINTENANCE_URL = `http://127.0.0.1:${MAINTENANCE_PORT}`;
/** The audience (RFC 8707 resource) the provider issues the OIDC server's JWT access tokens for. */
export const OIDC_AUDIENCE = `${OIDC_APP_URL}/api`;
