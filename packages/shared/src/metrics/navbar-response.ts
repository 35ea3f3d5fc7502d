import { z } from 'zod';
import { OWNER_PLANS } from '../enums.ts';

/**
 * GET /api/v1/metrics/navbar's answer: its own module (re-exported by ./schemas.ts), because every page
 * parses it, and building the analytics schemas with it was part of a long task on a phone.
 */

export const ZNavbarMetricsResponse = z.object({
  byStatus: z.object({
    PENDING: z.number().int(),
    PENDING_MANUAL_REVIEW: z.number().int(),
    PASSED: z.number().int(),
    FAILED: z.number().int(),
  }),
  /** Persons created since midnight in `timeZone`. */
  newToday: z.number().int(),
  timeZone: z.string(),
  /** The owner's plan and balance; null for platform staff looking at every owner. */
  plan: z.enum(OWNER_PLANS).nullable(),
  creditsAvailable: z.number().int().nullable(),
  /** Whether persons created outside a form need a consent attestation; null for platform staff. */
  consentAttestationRequired: z.boolean().nullable(),
});
export type TNavbarMetricsResponse = z.infer<typeof ZNavbarMetricsResponse>;
