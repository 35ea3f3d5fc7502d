import { z } from 'zod';
import { defaultInAvailable, ZNewUserSettings } from './users.ts';

/** A user of the external identity service (SCIM 2.0 `/Users`), as the import dialog lists it. */
export const ZExternalUser = z.object({
  externalId: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  active: z.boolean(),
  /** Already a dashboard user (by email). */
  imported: z.boolean(),
});
export type TExternalUser = z.infer<typeof ZExternalUser>;

/** GET /api/v1/identity/status */
export const ZIdentityStatusResponse = z.object({ configured: z.boolean(), provider: z.enum(['scim']).nullable() });
export type TIdentityStatusResponse = z.infer<typeof ZIdentityStatusResponse>;

/** GET /api/v1/identity/users */
export const ZListExternalUsersRequest = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TListExternalUsersRequest = z.infer<typeof ZListExternalUsersRequest>;
export const ZListExternalUsersResponse = z.object({
  items: z.array(ZExternalUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TListExternalUsersResponse = z.infer<typeof ZListExternalUsersResponse>;

/** POST /api/v1/identity/import — the chosen provider users become dashboard users with these settings. */
export const ZImportUsersRequest = ZNewUserSettings.extend({
  externalIds: z.array(z.string().min(1).max(255)).min(1).max(100),
}).superRefine(defaultInAvailable);
export type TImportUsersRequest = z.infer<typeof ZImportUsersRequest>;
