import { z } from 'zod';
import { zStoredText } from '../common/text.ts';

export const ZAuditEvent = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  ownerId: z.uuid().nullable(),
  actor: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

const zInstant = () => z.iso.datetime({ offset: true });

/** GET /api/v1/audit-events — newest first; platform staff see every owner, a manager their own. */
export const ZListAuditEventsRequest = z.strictObject({
  ownerId: z.uuid().optional(),
  actor: zStoredText().trim().min(1).max(254).optional().describe('Part of the actor’s username'),
  action: zStoredText().trim().min(1).max(64).optional().describe('An action, or its prefix (`user.`)'),
  entityType: zStoredText().trim().min(1).max(64).optional(),
  from: zInstant().optional(),
  to: zInstant().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TListAuditEventsRequest = z.infer<typeof ZListAuditEventsRequest>;
export const ZListAuditEventsResponse = z.object({
  items: z.array(ZAuditEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TListAuditEventsResponse = z.infer<typeof ZListAuditEventsResponse>;
