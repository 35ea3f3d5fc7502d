import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';

export const CLIENT_ID = 'centinela-web';
export const AUDIENCE = 'https://api.centinela.test';
export const REDIRECT_URI = 'http://127.0.0.1:5173/callback';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 at a random port, configured like
 * e2e/support/oidc-provider.ts: public PKCE client, account id = email, JWT access tokens for AUDIENCE.
 * The signing key is ours, so tests can forge tokens with it (wrong audience, expired).
 */
export async function startOidcProvider() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kid = 'test-key';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => AUDIENCE,
        useGrantedResource: () => false,
        getResourceServerInfo: () => ({ scope: 'openid profile email', audience: AUDIENCE, accessTokenFormat: 'jwt' }),
      },
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      RefreshToken: 3600,
      AuthorizationCode: 60,
    },
    // The spec's scope has no offline_access; refresh tokens are issued anyway (the API token comes from one).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified'), name: id }),
    }),
  });
  // Tests switch the provider "off" (503 for everything) to show that discovery is retried.
  let available = true;
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (available) return void callback(req, res);
    res.writeHead(503).end();
  });
  return {
    issuer,
    setAvailable: (value: boolean) => {
      available = value;
    },
    privateKey: privateKey as CryptoKey,
    kid,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
