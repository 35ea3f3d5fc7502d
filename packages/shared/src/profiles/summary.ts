import { z } from 'zod';
import { COUNTRIES, CREATED_AS, DOCUMENT_TYPES, PROFILE_STATUSES } from '../enums.ts';

/**
 * A person as the persons list shows them, and the list's and counts' responses: their own module (re-exported
 * by ./schemas.ts), because the list page parses its data with them, and building the whole of ./schemas.ts
 * there was a long task on a phone.
 */

const zDateTime = () => z.iso.datetime({ offset: true });

export const ZProfileSummary = z.object({
  id: z.uuid(),
  country: z.enum(COUNTRIES),
  documentType: z.enum(DOCUMENT_TYPES),
  documentId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(PROFILE_STATUSES),
  createdAs: z.enum(CREATED_AS),
  pipelineId: z.uuid().nullable(),
  manuallyReviewed: z.boolean(),
  outcome: z.string().nullable(),
  createdAt: zDateTime(),
  updatedAt: zDateTime(),
});
export type TProfileSummary = z.infer<typeof ZProfileSummary>;

/** GET /api/v1/profiles */
export const ZListProfilesResponse = z.object({
  items: z.array(ZProfileSummary),
  nextCursor: z.string().nullable(),
});
export type TListProfilesResponse = z.infer<typeof ZListProfilesResponse>;

/** GET /api/v1/profiles/counts */
export const ZProfileCountsResponse = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(PROFILE_STATUSES), z.number().int()),
});
export type TProfileCountsResponse = z.infer<typeof ZProfileCountsResponse>;
