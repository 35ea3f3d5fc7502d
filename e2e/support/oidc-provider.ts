/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for browser tests.
 * Accounts are the demo users; the sign-in and consent screens are the package's dev interactions
 * (any login works: the login typed is the account id, which is the email).
 *   OIDC_PORT (default 3113), OIDC_REDIRECT_URIS (comma-separated)
 */
import Provider from 'oidc-provider';
import { OIDC_AUDIENCE } from './servers.ts';

const port = Number(process.env.OIDC_PORT ?? 3113);
const issuer = `http://127.0.0.1:${port}`;
const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? 'http://127.0.0.1:3112/callback').split(',');

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'centinela-web',
      token_endpoint_auth_method: 'none',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: true },
    // Access tokens for the API are JWTs for its audience (the server verifies them with our JWKS).
    // The token from the code exchange stays the userinfo endpoint's; the API's comes from a refresh.
    resourceIndicators: {
      enabled: true,
      defaultResource: () => OIDC_AUDIENCE,
      useGrantedResource: () => false,
      getResourceServerInfo: () => ({
        scope: 'openid profile email',
        audience: OIDC_AUDIENCE,
        accessTokenFormat: 'jwt',
      }),
    },
  },
  // The spec's scope has no offline_access; issue refresh tokens anyway (the API token comes from one).
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The account id is the email, so the server can link the subject to the dashboard user by email.
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: id, email_verified: true, name: id }),
  }),
});

provider.listen(port, '127.0.0.1');
console.log(`OIDC provider at ${issuer}`);
