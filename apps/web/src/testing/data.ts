import type { TAuthUser, TTokenResponse } from '@centinela/shared';

let sequence = 0;

export function buildUser(overrides: Partial<TAuthUser> = {}): TAuthUser {
  sequence += 1;
  return {
    id: crypto.randomUUID(),
    username: `analyst${sequence}@acme.test`,
    owner: { id: crypto.randomUUID(), codeName: 'acme', name: `Acme ${sequence}`, plan: 'standard' },
    roles: ['analyst'],
    scope: ['profiles:read'],
    status: 'active',
    defaultLocale: 'en',
    defaultCountry: 'mx',
    availableCountries: ['mx', 'co'],
    ...overrides,
  };
}

export function buildTokens(overrides: Partial<TTokenResponse> = {}): TTokenResponse {
  sequence += 1;
  return {
    token: `access-${sequence}`,
    refreshToken: `refresh-${sequence}`,
    tokenType: 'Bearer',
    expiresIn: 900,
    ...overrides,
  };
}
