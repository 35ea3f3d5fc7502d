import { z } from 'zod';
import { COUNTRIES } from '../enums.ts';

/**
 * The review inbox: one list of everything an owner's reviewers must settle — watch-list
 * matches nobody ruled on (screening), monitoring alerts not reviewed, candidates' correction requests
 * still open (with their legal deadline) and identity checks waiting for a person — oldest due first,
 * each assignable to one of the owner's reviewers. Rulings, answers and reviews still happen on the
 * person (the flyout); the inbox only says what waits, for whom, and until when.
 */

export const INBOX_KINDS = ['match', 'alert', 'correction', 'identity'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** The owner's term for answering a correction (its default: CORRECTION_DEADLINE_DAYS). */
export const CORRECTION_DEADLINE_MIN = 1;
export const CORRECTION_DEADLINE_MAX = 60;
export const zCorrectionDeadlineDays = z
  .number()
  .int()
  .min(CORRECTION_DEADLINE_MIN)
  .max(CORRECTION_DEADLINE_MAX)
  .describe('Days a reviewer has to answer a candidate’s correction request (1–60; default 15)');

export const INBOX_ASSIGNEE_FILTERS = ['any', 'me', 'unassigned'] as const;
export type InboxAssigneeFilter = (typeof INBOX_ASSIGNEE_FILTERS)[number];

export const ZInboxQuery = z.strictObject({
  kind: z.enum(INBOX_KINDS).optional(),
  assignee: z.enum(INBOX_ASSIGNEE_FILTERS).default('any'),
  country: z.enum(COUNTRIES).optional(),
  ownerId: z.uuid().optional().describe('Platform staff only'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TInboxQuery = z.infer<typeof ZInboxQuery>;

const iso = z.iso.datetime({ offset: true });

export const ZInboxItem = z.object({
  kind: z.enum(INBOX_KINDS),
  /**
   * What the item is about, stable while it waits: `<profileId>:<list>:<entryId>` for a match, the alert's,
   * request's or report's id otherwise. With `kind`, what an assignment names.
   */
  ref: z.string(),
  person: z.object({ id: z.uuid(), name: z.string(), country: z.enum(COUNTRIES) }),
  /** When it arrived: the screening, the alert, the request, the identity report's result. */
  createdAt: iso,
  /** The legal deadline (a correction request); null when the law sets none. */
  dueAt: iso.nullable(),
  /** A word on what waits: the list entry's name for a match or alert; null otherwise. */
  detail: z.string().nullable(),
  /** A monitoring alert: a new match, or an entry that matched leaving the list. */
  alertKind: z.enum(['match', 'delisted']).nullable(),
  assignee: z.object({ id: z.uuid(), username: z.string() }).nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

export const ZInboxResponse = z.object({
  items: z.array(ZInboxItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The reviewers an item may be assigned to (the owner's analysts and managers); empty across owners. */
  reviewers: z.array(z.object({ id: z.uuid(), username: z.string() })),
});
export type TInboxResponse = z.infer<typeof ZInboxResponse>;

export const ZInboxCountQuery = z.strictObject({ ownerId: z.uuid().optional().describe('Platform staff only') });
/** The navbar's count: every open item, and those assigned to the caller. */
export const ZInboxCount = z.object({ open: z.number().int(), mine: z.number().int() });
export type TInboxCount = z.infer<typeof ZInboxCount>;

/** POST /api/v1/inbox/assign: one item to one of the owner's reviewers, or back to nobody (null). */
export const ZAssignInboxItem = z.strictObject({
  kind: z.enum(INBOX_KINDS),
  ref: z.string().trim().min(1).max(200),
  assigneeId: z.uuid().nullable(),
});
export type TAssignInboxItem = z.infer<typeof ZAssignInboxItem>;
export const ZAssignInboxResponse = z.object({
  kind: z.enum(INBOX_KINDS),
  ref: z.string(),
  assignee: z.object({ id: z.uuid(), username: z.string() }).nullable(),
});
export type TAssignInboxResponse = z.infer<typeof ZAssignInboxResponse>;
