import { z } from 'zod';
import { REFERENCE_CHECK_STATUSES, REFERENCE_STATUSES } from '../enums.ts';

/**
 * Sol: automated employment-reference checks by WhatsApp and phone. The shapes the API
 * answers and the browser renders; the server stores the same shapes in jsonb columns.
 */

const zDateTime = () => z.iso.datetime({ offset: true });

/** The summary fields of SPEC §3, in display order. */
export const SOL_SUMMARY_FIELDS = [
  'evaluation',
  'companyAndPosition',
  'employmentDates',
  'strengths',
  'interpersonalSkills',
  'improvementAreas',
  'reasonForLeaving',
  'rehire',
  'overallTone',
] as const;
export type SolSummaryField = (typeof SOL_SUMMARY_FIELDS)[number];

export const SOL_SPEAKERS = ['sol', 'reference'] as const;

/** One passage of a call: who spoke, when (seconds into the recording) and what. */
export const ZTranscriptSegment = z.object({
  speaker: z.enum(SOL_SPEAKERS),
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof ZTranscriptSegment>;

/** A job as someone states it (the candidate in WhatsApp, or the reference on the call). Dates are YYYY-MM. */
export const ZEmploymentClaim = z.object({
  company: z.string().nullable(),
  position: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type EmploymentClaim = z.infer<typeof ZEmploymentClaim>;

/** Which passage of the transcript (index into the segments) each summary field comes from. */
export const ZSummaryEvidence = z.partialRecord(z.enum(SOL_SUMMARY_FIELDS), z.number().int().min(0));
export type SummaryEvidence = z.infer<typeof ZSummaryEvidence>;

export const ZReferenceSummary = z.object(
  Object.fromEntries(SOL_SUMMARY_FIELDS.map((f) => [f, z.string()])) as Record<SolSummaryField, z.ZodString>,
);

export const CROSS_CHECK_FIELDS = ['company', 'position', 'start', 'end'] as const;
export const CROSS_CHECK_RESULTS = ['match', 'mismatch', 'unknown'] as const;
export const ZCrossCheckItem = z.object({
  referenceId: z.uuid(),
  field: z.enum(CROSS_CHECK_FIELDS),
  claimed: z.string().nullable(),
  stated: z.string().nullable(),
  result: z.enum(CROSS_CHECK_RESULTS),
});
export type CrossCheckItem = z.infer<typeof ZCrossCheckItem>;

export const FRAUD_LEVELS = ['low', 'medium', 'high'] as const;
export type FraudLevel = (typeof FRAUD_LEVELS)[number];
export const FRAUD_KINDS = [
  'phone_is_candidate',
  'phone_shared_between_references',
  'phone_reused_across_candidates',
  'unlisted_company',
] as const;
export type FraudKind = (typeof FRAUD_KINDS)[number];
export const ZFraudSignal = z.object({
  id: z.string().min(1).max(80),
  kind: z.enum(FRAUD_KINDS),
  level: z.enum(FRAUD_LEVELS),
  referenceIds: z.array(z.uuid()),
  /** Values for the translated reason (phone, company, number of candidates…). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  resolvedAt: zDateTime().nullable(),
  resolvedBy: z.string().nullable(),
});
export type FraudSignal = z.infer<typeof ZFraudSignal>;

export const ZReference = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  relationship: z.string(),
  status: z.enum(REFERENCE_STATUSES),
  callAttempts: z.number().int(),
  callDurationSeconds: z.number().int().nullable(),
  whatsappContactedAt: zDateTime().nullable(),
  calledAt: zDateTime().nullable(),
  claimed: ZEmploymentClaim.nullable(),
  stated: ZEmploymentClaim.nullable(),
  summary: ZReferenceSummary.nullable(),
  evidence: ZSummaryEvidence,
  transcript: z.string().nullable(),
  segments: z.array(ZTranscriptSegment),
  hasRecording: z.boolean(),
});
export type Reference = z.infer<typeof ZReference>;

export const ZReferenceCheck = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  reportId: z.uuid().nullable(),
  status: z.enum(REFERENCE_CHECK_STATUSES),
  candidatePhone: z.string(),
  language: z.enum(['en', 'es']),
  createdAt: zDateTime(),
  candidateContactedAt: zDateTime().nullable(),
  candidateRepliedAt: zDateTime().nullable(),
  deadlineAt: zDateTime(),
  completedAt: zDateTime().nullable(),
  declinedAt: zDateTime().nullable(),
  expiredAt: zDateTime().nullable(),
  references: z.array(ZReference),
  crossCheck: z.array(ZCrossCheckItem),
  fraudSignals: z.array(ZFraudSignal),
});
export type ReferenceCheck = z.infer<typeof ZReferenceCheck>;

export const ZReferenceCheckParams = z.object({ id: z.uuid() });
export const ZReportReferenceCheckParams = z.object({ reportId: z.uuid() });
export const ZReferenceParams = z.object({ id: z.uuid() });
export const ZFraudSignalParams = z.object({ id: z.uuid(), signalId: z.string().min(1).max(80) });
export const ZTranscriptQuery = z.object({ format: z.enum(['txt', 'json']).default('txt') });
/** The transcript downloaded as JSON (`?format=json`). */
export const ZTranscriptFile = z.object({ reference: z.string(), segments: z.array(ZTranscriptSegment) });

/** The timeline of a check, in order; declined and expired end it early. */
export const SOL_TIMELINE: readonly (typeof REFERENCE_CHECK_STATUSES)[number][] = [
  'pending',
  'contacting',
  'collecting',
  'calling',
  'summarising',
  'completed',
];

/** "mm:ss" of a time in seconds (evidence links, transcript). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
