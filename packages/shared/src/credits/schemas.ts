import { z } from 'zod';
import { CREDIT_ENTRY_KINDS, OWNER_PLANS, REPORT_TYPES } from '../enums.ts';
import { zStoredText } from '../common/text.ts';

/** GET /api/v1/credits: what the navbar, the free-plan banner and the upgrade prompts show. */
export const ZCreditsSummary = z.object({
  ownerId: z.uuid(),
  plan: z.enum(OWNER_PLANS),
  /** False on the standard plan: reports are not limited by credits there. */
  limited: z.boolean(),
  creditsAvailable: z.number().int(),
  creditsInitial: z.number().int(),
  /** When the free plan's credits are next refilled to `creditsInitial` (null when not limited). */
  nextRefillAt: z.iso.datetime().nullable(),
  /** Report types the plan does not include (the upgrade prompt lists them). */
  lockedReportTypes: z.array(z.enum(REPORT_TYPES)),
});
export type TCreditsSummary = z.infer<typeof ZCreditsSummary>;

export const ZCreditsQuery = z.object({ ownerId: z.uuid().optional() });

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reportId: z.uuid().nullable(),
  reason: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export const ZLedgerResponse = z.object({ items: z.array(ZLedgerEntry) });
export type TLedgerResponse = z.infer<typeof ZLedgerResponse>;

/** POST /api/v1/credits/adjustments (support staff): a signed amount and why, written to the ledger. */
export const ZAdjustCreditsRequest = z.object({
  ownerId: z.uuid(),
  amount: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, { message: 'validation.required' }),
  reason: zStoredText().trim().min(1, { message: 'validation.required' }).max(500),
});
export type TAdjustCreditsRequest = z.infer<typeof ZAdjustCreditsRequest>;
export const ZAdjustCreditsResponse = z.object({ creditsAvailable: z.number().int(), entry: ZLedgerEntry });
