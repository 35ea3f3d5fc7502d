import { z } from 'zod';
import { LOCALES, REPORT_STATUSES } from '../enums.ts';
import { zBiometricConsentVersion } from './consent.ts';
import {
  HEAD_TURNS,
  IDENTITY_CHECK_NAMES,
  IDENTITY_CHECK_OUTCOMES,
  IDENTITY_PICTURE_KINDS,
  IDENTITY_VERDICTS,
  QUICK_PROBLEMS,
} from './constants.ts';

/** The identity report's shapes on the wire: pictures, quick checks, checks, readings, the report, a review. */

const zDateTime = () => z.iso.datetime({ offset: true });

export const ZQuickProblem = z.object({
  code: z.enum(QUICK_PROBLEMS),
  message: z.string().describe("What to do, in the caller's language"),
});

/** POST /api/v1/public/forms/:code/identity/check — one picture's quick check (nothing is stored). */
export const ZIdentityQuickCheck = z.object({
  ok: z.boolean(),
  problems: z.array(ZQuickProblem),
  faces: z.number().int(),
  readable: z.boolean().describe('A code or a machine-readable zone was read'),
});
export type TIdentityQuickCheck = z.infer<typeof ZIdentityQuickCheck>;

/** The multipart fields beside the file of a quick check (`kind`). */
export const ZIdentityQuickCheckFields = z.strictObject({ kind: z.enum(IDENTITY_PICTURE_KINDS) });

/**
 * The multipart fields beside the file of a form's picture upload. `attempt` counts this picture's tries
 * (1, 2, 3): a picture failing its quick check is refused (422 `identity_picture_retake`) before the
 * third try and stored from it, and the report then goes to review.
 */
export const ZIdentityFormPictureFields = z.strictObject({
  kind: z.enum(IDENTITY_PICTURE_KINDS),
  attempt: z.coerce.number().int().min(1).max(20).default(1),
  consentVersion: zBiometricConsentVersion(),
  /** turned_selfie: the side the form asked for, and whether the preview was mirrored (front camera). */
  turn: z.enum(HEAD_TURNS).optional(),
  mirrored: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TIdentityFormPictureFields = z.infer<typeof ZIdentityFormPictureFields>;

/** One stored picture (never its bytes; those are GET …/identity/pictures/:pictureId for staff). */
export const ZIdentityPicture = z.object({
  id: z.uuid(),
  kind: z.enum(IDENTITY_PICTURE_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  /** The quick check's problems when stored (empty: it passed). */
  problems: z.array(ZQuickProblem),
  /** Sent after IDENTITY_MAX_TRIES failed quick checks: the report goes to review. */
  acceptedAfterTries: z.boolean(),
  turn: z.enum(HEAD_TURNS).nullable(),
  consentVersion: z.string(),
  createdAt: zDateTime(),
});
export type TIdentityPicture = z.infer<typeof ZIdentityPicture>;

/** One check as the API and the flyout show it. */
export const ZIdentityCheck = z.object({
  check: z.enum(IDENTITY_CHECK_NAMES),
  outcome: z.enum(IDENTITY_CHECK_OUTCOMES),
  /** The engine's code (`check_digit:birthDate`, `partial`, `no_match`…). */
  reason: z.string(),
  /** Name score 0–1, face distance, age in years, yaw in degrees — per check; null when none. */
  score: z.number().nullable(),
  label: z.string().describe("The check's name in the caller's language"),
  message: z.string().describe("The reason in the caller's language"),
});
export type TIdentityCheck = z.infer<typeof ZIdentityCheck>;

/** What the document said (one per reading: barcode, QR, MRZ). */
export const ZIdentityReading = z.object({
  source: z.enum(['pdf417', 'qr', 'mrz']),
  document: z.string(),
  country: z.string().nullable(),
  documentNumber: z.string(),
  surnames: z.string(),
  givenNames: z.string(),
  sex: z.enum(['M', 'F', 'X']).nullable(),
  birthDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
});
export type TIdentityReading = z.infer<typeof ZIdentityReading>;

export const IDENTITY_REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const ZIdentityReview = z.object({
  decision: z.enum(IDENTITY_REVIEW_DECISIONS),
  reason: z.string(),
  by: z.string().nullable().describe('The reviewer (username)'),
  at: zDateTime(),
});

/** GET /api/v1/profiles/:id/identity — the identity report of one person, as the flyout shows it. */
export const ZIdentityReport = z.object({
  profileId: z.uuid(),
  /** Null: the person has no identity report (none in the pipeline, no pictures sent). */
  reportId: z.uuid().nullable(),
  status: z.enum(REPORT_STATUSES).nullable().describe('The report status; poll until not PENDING'),
  /** The engine's verdict (null until the job ran). */
  verdict: z.enum(IDENTITY_VERDICTS).nullable(),
  checks: z.array(ZIdentityCheck),
  /** The checks behind the verdict (failed, or for a person). */
  reasons: z.array(ZIdentityCheck),
  readings: z.array(ZIdentityReading),
  /** Euclidean distance between the document's portrait and the selfie (lower: more alike); null: not measured. */
  faceDistance: z.number().nullable(),
  /** The person as the client gave it, to read beside the document's fields. */
  person: z.object({
    name: z.string(),
    documentId: z.string(),
    birthDate: z.string().nullable(),
    country: z.string(),
  }),
  pictures: z.array(ZIdentityPicture),
  review: ZIdentityReview.nullable(),
  completedAt: zDateTime().nullable(),
});
export type TIdentityReport = z.infer<typeof ZIdentityReport>;

export const ZIdentityProfileParams = z.strictObject({ id: z.uuid() });
export const ZIdentityPictureParams = z.strictObject({ id: z.uuid(), pictureId: z.uuid() });

/**
 * POST /api/v1/profiles/:id/identity (multipart): parts `document_front`, `document_back`, `selfie`,
 * `turned_selfie` (files; front and selfie required) and these fields. Starts the check (Idempotency-Key
 * honoured) and answers 202 with the report to poll; the webhook `report.completed` tells when it ends.
 */
export const ZIdentityUploadFields = z.strictObject({
  consentVersion: zBiometricConsentVersion(),
  turn: z.enum(HEAD_TURNS).optional().describe('turned_selfie: the side the person was asked to turn to'),
  mirrored: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** POST /api/v1/profiles/:id/identity/review — a person's decision on a report in PENDING_MANUAL_REVIEW. */
export const ZIdentityReviewRequest = z.strictObject({
  decision: z.enum(IDENTITY_REVIEW_DECISIONS),
  reason: z.string().trim().min(1, { message: 'validation.required' }).max(1000),
});
export type TIdentityReviewRequest = z.infer<typeof ZIdentityReviewRequest>;

/** The identity step of a public form (null when the pipeline has no identity report). */
export const ZPublicIdentityStep = z.object({
  consent: z.object({ version: z.string(), text: z.record(z.enum(LOCALES), z.string()) }),
  /** The liveness challenge: the side the candidate is asked to turn their head to. */
  turn: z.enum(HEAD_TURNS),
  kinds: z.array(z.enum(IDENTITY_PICTURE_KINDS)),
  required: z.array(z.enum(IDENTITY_PICTURE_KINDS)),
  maxTries: z.number().int(),
  maxBytes: z.number().int(),
  checkUrl: z.string(),
  uploadUrl: z.string(),
  /** The candidate's page: where to POST (no body) once the pictures are in; a form sends them with its submission (null). */
  submitUrl: z.string().nullable().optional(),
});
export type TPublicIdentityStep = z.infer<typeof ZPublicIdentityStep>;

/** POST /api/v1/public/candidate/:code/identity/submit — the check was started. */
export const ZCandidateIdentitySubmitted = z.object({ ok: z.literal(true) });
