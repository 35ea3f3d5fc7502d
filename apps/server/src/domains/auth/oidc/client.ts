import { OIDC_SCOPE, type TPublicConfig } from '@centinela/shared';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import type { Config } from '../../../lib/config.ts';
import { ApiError } from '../../../lib/api-error.ts';

export type OidcClient = ReturnType<typeof createOidcClient>;

type Discovered = { configuration: client.Configuration; jwks: ReturnType<typeof createRemoteJWKSet> };

/**
 * The relying party of the default strategy. Discovery is lazy (the server starts while the provider is
 * still down) and cached; a failed discovery is forgotten, so the next request tries again.
 */
export function createOidcClient(
  config: Config & { OIDC_ISSUER: string; OIDC_CLIENT_ID: string },
  onDiscoveryError: (error: unknown) => void = () => undefined,
) {
  let cached: Promise<Discovered> | null = null;

  async function discover(): Promise<Discovered> {
    const configuration = await client.discovery(
      new URL(config.OIDC_ISSUER),
      config.OIDC_CLIENT_ID,
      undefined,
      config.OIDC_CLIENT_SECRET ? client.ClientSecretPost(config.OIDC_CLIENT_SECRET) : client.None(),
      { execute: config.OIDC_ALLOW_INSECURE ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    const jwksUri = configuration.serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error(`OIDC provider ${config.OIDC_ISSUER} publishes no jwks_uri`);
    return { configuration, jwks: createRemoteJWKSet(new URL(jwksUri)) };
  }

  function load(): Promise<Discovered> {
    cached ??= discover().catch((error: unknown) => {
      cached = null;
      onDiscoveryError(error);
      throw error;
    });
    return cached;
  }

  /** The provider, or 503 while it cannot be reached (the caller's request fails, the next one retries). */
  async function provider(): Promise<Discovered> {
    try {
      return await load();
    } catch {
      throw new ApiError(503, 'service_unavailable');
    }
  }

  return {
    audience: config.OIDC_AUDIENCE ?? null,

    configuration: async () => (await provider()).configuration,

    /** What the browser needs to start the authorization-code flow (GET /api/config). */
    async publicConfig(): Promise<NonNullable<TPublicConfig['auth']['oidc']>> {
      const metadata = (await provider()).configuration.serverMetadata();
      if (!metadata.authorization_endpoint) throw new ApiError(503, 'service_unavailable');
      return {
        issuer: metadata.issuer,
        authorizationEndpoint: metadata.authorization_endpoint,
        endSessionEndpoint: metadata.end_session_endpoint ?? null,
        clientId: config.OIDC_CLIENT_ID,
        audience: config.OIDC_AUDIENCE ?? null,
        scope: OIDC_SCOPE,
      };
    },

    /**
     * An access token the provider signed for this API (RFC 9068 style): signature from the provider's
     * JWKS, issuer, and audience OIDC_AUDIENCE. Without an audience no JWT is accepted: the provider's
     * ID tokens are JWTs too (audience = client id), and must never pass as access tokens.
     */
    async verifyAccessToken(token: string): Promise<JWTPayload & { sub: string }> {
      if (!config.OIDC_AUDIENCE) throw new ApiError(401, 'unauthenticated');
      const { configuration, jwks } = await provider();
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: configuration.serverMetadata().issuer,
          audience: config.OIDC_AUDIENCE,
          requiredClaims: ['sub', 'exp'],
        });
        return payload as JWTPayload & { sub: string };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, 'token_expired');
        // The provider's JWKS could not be fetched: an outage, not a bad token (no sign-out for it).
        if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError))
          throw new ApiError(503, 'service_unavailable');
        throw new ApiError(401, 'unauthenticated');
      }
    },
  };
}

/** The default strategy is OIDC exactly when an issuer is configured (config.ts requires the client id with it). */
export function oidcClientFor(config: Config, onDiscoveryError?: (error: unknown) => void): OidcClient | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID } = config;
  return OIDC_ISSUER && OIDC_CLIENT_ID
    ? createOidcClient({ ...config, OIDC_ISSUER, OIDC_CLIENT_ID }, onDiscoveryError)
    : null;
}
