/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for browser tests.
 * Accounts are the demo users; the sign-in and consent screens are the package's dev interactions.
 *   OIDC_PORT (default 3113), OIDC_REDIRECT_URIS (comma-separated)
 */
import Provider from 'oidc-provider';

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
  features: { devInteractions: { enabled: true } },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The account id is the email, so the server can link the subject to the dashboard user by email.
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: id, email_verified: true, name: id }),
  }),
});

provider.listen(port, '127.0.0.1');
console.log(`OIDC provider at ${issuer}`);
