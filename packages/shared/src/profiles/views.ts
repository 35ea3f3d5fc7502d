import { z } from 'zod';

/**
 * Who saw a person's data: what was read, and through which channel. A view record holds ids
 * and the viewer's identity only, never the person's data.
 */
export const PROFILE_VIEW_KINDS = ['profile', 'report', 'file', 'recording', 'transcript', 'export', 'pdf'] as const;
export type ProfileViewKind = (typeof PROFILE_VIEW_KINDS)[number];
export const PROFILE_VIEW_CHANNELS = ['dashboard', 'api'] as const;
export type ProfileViewChannel = (typeof PROFILE_VIEW_CHANNELS)[number];

/** GET /api/v1/profiles/:id/views */
export const ZListProfileViewsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TListProfileViewsQuery = z.infer<typeof ZListProfileViewsQuery>;

export const ZProfileView = z.object({
  id: z.uuid(),
  /** The first read of this kind by this viewer in the window; repeats within it raise `count` and `lastAt`. */
  at: z.iso.datetime({ offset: true }),
  lastAt: z.iso.datetime({ offset: true }),
  count: z.number().int().min(1),
  what: z.enum(PROFILE_VIEW_KINDS),
  channel: z.enum(PROFILE_VIEW_CHANNELS),
  viewer: z.object({
    userId: z.uuid().nullable(),
    apiKeyId: z.uuid().nullable(),
    /** The user's email, or the API key's name, as it was at the time. */
    label: z.string(),
  }),
});
export type TProfileView = z.infer<typeof ZProfileView>;

export const ZListProfileViewsResponse = z.object({
  items: z.array(ZProfileView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TListProfileViewsResponse = z.infer<typeof ZListProfileViewsResponse>;
