import { z } from 'zod';
import { zStoredText } from '../common/text.ts';

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'ck_';

export const ZApiKey = z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  userId: z.uuid().nullable().describe('null: the owner’s key'),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to tell keys apart'),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyParams = z.strictObject({ id: z.uuid() });

/** GET /api/v1/api-keys — the owner's keys (no userId) or one user's own keys. */
export const ZListApiKeysRequest = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff: whose keys'),
  userId: z.uuid().optional().describe('One user’s own keys'),
});
export type TListApiKeysRequest = z.infer<typeof ZListApiKeysRequest>;
export const ZListApiKeysResponse = z.object({ items: z.array(ZApiKey) });
export type TListApiKeysResponse = z.infer<typeof ZListApiKeysResponse>;

/** POST /api/v1/api-keys — a new key for the owner, or for a user whose api_key_mode is `own`. */
export const ZCreateApiKeyRequest = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff: for which owner'),
  userId: z.uuid().optional(),
  name: zStoredText().trim().min(1, { message: 'validation.required' }).max(100),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

/** The key in clear: answered once, on creation or rotation, never again. */
export const ZIssuedApiKey = z.object({ apiKey: ZApiKey, key: z.string() });
export type TIssuedApiKey = z.infer<typeof ZIssuedApiKey>;
