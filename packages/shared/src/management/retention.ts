import { z } from 'zod';
import { COUNTRIES, PROFILE_STATUSES } from '../enums.ts';
import { zStoredText } from '../common/text.ts';
import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN, zRetentionMonths } from './retention-months.ts';

/** How far ahead the owner is shown what will expire. */
export const RETENTION_NOTICE_DAYS = 30;
export const LEGAL_HOLD_REASON_MAX = 500;

const iso = z.iso.datetime({ offset: true });
const ownerId = z.uuid().optional().describe('Platform staff only');

/** GET /api/v1/retention */
export const ZRetentionQuery = z.strictObject({ ownerId });

export const ZRetentionSettings = z.object({
  retentionMonths: zRetentionMonths,
  /** Persons expiring within RETENTION_NOTICE_DAYS (those already past it included: the job has yet to run). */
  expiringSoon: z.number().int(),
  /** Persons on legal hold, whom retention never deletes. */
  held: z.number().int(),
});
export type TRetentionSettings = z.infer<typeof ZRetentionSettings>;

/** PATCH /api/v1/retention — null keeps persons until deleted by hand. */
export const ZUpdateRetentionRequest = z.strictObject({ ownerId, retentionMonths: zRetentionMonths });
export type TUpdateRetentionRequest = z.infer<typeof ZUpdateRetentionRequest>;

/** GET /api/v1/retention/preview — what a retention of `retentionMonths` would delete at its next run. */
export const ZRetentionPreviewQuery = z.strictObject({
  ownerId,
  retentionMonths: z.coerce.number().int().min(RETENTION_MONTHS_MIN).max(RETENTION_MONTHS_MAX),
});
export const ZRetentionPreview = z.object({
  /** Persons not on hold whose expiry under that retention has already passed. */
  expireNow: z.number().int(),
});
export type TRetentionPreview = z.infer<typeof ZRetentionPreview>;

const zPage = {
  ownerId,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};

/** GET /api/v1/retention/expiring — soonest first. */
export const ZExpiringQuery = z.strictObject(zPage);
export type TExpiringQuery = z.infer<typeof ZExpiringQuery>;

const zPersonRef = {
  profileId: z.uuid(),
  name: z.string(),
  country: z.enum(COUNTRIES),
  status: z.enum(PROFILE_STATUSES),
};

export const ZExpiringPerson = z.object({
  ...zPersonRef,
  /** The latest of creation, last report completion and last review decision. */
  lastActivityAt: iso,
  expiresAt: iso,
});
export type TExpiringPerson = z.infer<typeof ZExpiringPerson>;
export const ZExpiringResponse = z.object({ items: z.array(ZExpiringPerson), nextCursor: z.string().nullable() });
export type TExpiringResponse = z.infer<typeof ZExpiringResponse>;

export const ZLegalHold = z.object({
  at: iso,
  by: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  reason: z.string(),
});
export type TLegalHold = z.infer<typeof ZLegalHold>;

/** GET /api/v1/retention/holds — the persons on hold, most recently held first. */
export const ZHoldsQuery = z.strictObject(zPage);
export type THoldsQuery = z.infer<typeof ZHoldsQuery>;
export const ZHeldPerson = z.object({ ...zPersonRef, hold: ZLegalHold });
export type THeldPerson = z.infer<typeof ZHeldPerson>;
export const ZHoldsResponse = z.object({ items: z.array(ZHeldPerson), nextCursor: z.string().nullable() });
export type THoldsResponse = z.infer<typeof ZHoldsResponse>;

/** GET /api/v1/profiles/:id/hold */
export const ZProfileHold = z.object({ hold: ZLegalHold.nullable() });
export type TProfileHold = z.infer<typeof ZProfileHold>;

/** PUT /api/v1/profiles/:id/hold */
export const ZSetHoldRequest = z.strictObject({
  reason: zStoredText().trim().min(1, { message: 'validation.required' }).max(LEGAL_HOLD_REASON_MAX),
});
export type TSetHoldRequest = z.infer<typeof ZSetHoldRequest>;
