import { UPLOAD_EXTENSIONS, ZPublicConfig } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import { CONFIG_EXTENSIONS, publicConfigParser } from '../public-config-request.ts';

const oidc = {
  issuer: 'https://id.example',
  authorizationEndpoint: 'https://id.example/auth',
  endSessionEndpoint: null,
  clientId: 'c',
  audience: null,
  scope: 'openid',
};
const uploads = { url: '/upload', maxBytes: 1000, extensions: ['pdf'] };

const accepted = (data: unknown) => {
  try {
    publicConfigParser.parse(data);
    return true;
  } catch {
    return false;
  }
};

// The hand check (no zod on the sign-in page) must agree with the server's schema.
describe('publicConfigParser', () => {
  const samples: unknown[] = [
    { maintenance: false, auth: { strategy: 'local', oidc: null } },
    { maintenance: true, auth: { strategy: 'oidc', oidc }, uploads, errorReporting: { dsn: 'https://x@sentry/1' } },
    { maintenance: false, auth: { strategy: 'local', oidc: null }, uploads: null, errorReporting: null },
    { maintenance: 'no', auth: { strategy: 'local', oidc: null } },
    { maintenance: false, auth: { strategy: 'saml', oidc: null } },
    { maintenance: false, auth: { strategy: 'oidc', oidc: { ...oidc, clientId: 3 } } },
    { maintenance: false, auth: { strategy: 'local', oidc: null }, uploads: { ...uploads, extensions: ['exe'] } },
    { maintenance: false, auth: { strategy: 'local', oidc: null }, uploads: { ...uploads, maxBytes: 1.5 } },
    { maintenance: false, auth: { strategy: 'local', oidc: null }, errorReporting: {} },
    { maintenance: false },
    null,
    [],
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))('agrees with ZPublicConfig on %s', (_, sample) => {
    expect(accepted(sample)).toBe(ZPublicConfig.safeParse(sample).success);
  });
});

it('knows the shared upload extensions', () => {
  expect(CONFIG_EXTENSIONS).toEqual(UPLOAD_EXTENSIONS);
});
