import { z } from 'zod';
import { COUNTRIES, LOCALES, OWNER_PLANS, USER_STATUSES } from '../enums.ts';
import { ROLES } from './scopes.ts';

export const ZLoginRequest = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZRefreshRequest = z.strictObject({ refreshToken: z.string().min(1).max(512) });
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZOwnerSummary = z.object({
  id: z.uuid(),
  codeName: z.string(),
  name: z.string(),
  plan: z.enum(OWNER_PLANS),
});

export const ZAuthUser = z.object({
  id: z.uuid(),
  username: z.string(),
  owner: ZOwnerSummary.nullable(),
  roles: z.array(z.enum(ROLES)),
  scope: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  defaultLocale: z.enum(LOCALES),
  defaultCountry: z.enum(COUNTRIES).nullable(),
  availableCountries: z.array(z.enum(COUNTRIES)),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZUserResponse = z.object({ user: ZAuthUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
