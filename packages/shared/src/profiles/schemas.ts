import { z } from 'zod';
import { zText } from '../common/text.ts';
import { COUNTRIES, CREATED_AS, DOCUMENT_TYPES, PROFILE_STATUSES } from '../enums.ts';

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
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TProfileSummary = z.infer<typeof ZProfileSummary>;

export const ZListProfilesQuery = z.strictObject({
  country: z.enum(COUNTRIES).optional(),
  status: z.enum(PROFILE_STATUSES).optional(),
  q: zText().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional().describe('Opaque cursor from the previous page'),
  ownerId: z.uuid().optional().describe('Platform staff only: the owner whose profiles to list'),
});
export type TListProfilesQuery = z.infer<typeof ZListProfilesQuery>;

export const ZListProfilesResponse = z.object({
  items: z.array(ZProfileSummary),
  nextCursor: z.string().nullable(),
});

export const ZProfileParams = z.strictObject({ id: z.uuid() });
