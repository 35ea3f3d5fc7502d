import * as client from 'openid-client';
import { CLIENT_ID, REDIRECT_URI } from './oidc-provider.ts';

/**
 * Plays the browser against oidc-provider's dev interactions: authorize → login form (any login works;
 * the login is the account id) → consent → redirect to REDIRECT_URI with the code. Cookies are kept
 * by hand; redirects are followed by hand so the final one (to our callback) is never fetched.
 */
export async function signInAtProvider(issuer: string, email: string) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();

  const cookies = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form ? new URLSearchParams(form).toString() : null,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return response;
  };

  let url = authorize.href;
  for (let step = 0; step < 12; step++) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
    } else {
      const html = await response.text();
      if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
      const form: Record<string, string> = html.includes('name="login"')
        ? { prompt: 'login', login: email, password: 'any' }
        : { prompt: 'consent' };
      const submitted = await send(url, form);
      url = new URL(submitted.headers.get('location')!, url).href;
    }
    if (url.startsWith(REDIRECT_URI)) {
      const params = new URL(url).searchParams;
      if (params.get('state') !== state) throw new Error('state changed on the way');
      if (!params.get('code')) throw new Error(`no code: ${url}`);
      return { code: params.get('code')!, codeVerifier, nonce, redirectUri: REDIRECT_URI };
    }
  }
  throw new Error('the provider never redirected back');
}
