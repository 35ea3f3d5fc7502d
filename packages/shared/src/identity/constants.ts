/** The identity document report's names, kinds and limits (docs/identity-verification.md). */

export const IDENTITY_REPORT_TYPE = 'identity_document' as const;

/** The pictures of one check: the document's two sides, a selfie, and the selfie with the head turned (liveness). */
export const IDENTITY_PICTURE_KINDS = ['document_front', 'document_back', 'selfie', 'turned_selfie'] as const;
export type IdentityPictureKind = (typeof IDENTITY_PICTURE_KINDS)[number];
/** Without these two a check cannot run (a passport has no back; the liveness selfie is asked for by the form). */
export const IDENTITY_REQUIRED_KINDS: readonly IdentityPictureKind[] = ['document_front', 'selfie'];

export const HEAD_TURNS = ['left', 'right'] as const;
export type HeadTurnSide = (typeof HEAD_TURNS)[number];

/** After this many failed quick checks of one picture the form may send it anyway; the report then goes to review. */
export const IDENTITY_MAX_TRIES = 3;

/** One picture may weigh at most this (a phone's photo is 2–6 MB); the engine refuses more than 40 MP besides. */
export const IDENTITY_PICTURE_MAX_BYTES = 12 * 1024 * 1024;

/** The owner's minimum age when it has not set one. */
export const DEFAULT_IDENTITY_MINIMUM_AGE = 18;

export const IDENTITY_CHECK_NAMES = [
  'readable',
  'valid',
  'consistent',
  'document_number',
  'name',
  'name_legible',
  'birth_date',
  'sex',
  'country',
  'age',
  'not_reused',
  'face',
  'liveness',
] as const;
export type IdentityCheckName = (typeof IDENTITY_CHECK_NAMES)[number];
export const IDENTITY_CHECK_OUTCOMES = ['passed', 'failed', 'review'] as const;
export type IdentityCheckOutcome = (typeof IDENTITY_CHECK_OUTCOMES)[number];

export const QUICK_PROBLEMS = [
  'too_blurry',
  'too_dark',
  'too_bright',
  'code_unreadable',
  'no_face',
  'several_faces',
  'face_too_small',
] as const;
export type QuickProblemCode = (typeof QUICK_PROBLEMS)[number];

export const IDENTITY_VERDICTS = ['PASSED', 'FAILED', 'PENDING_MANUAL_REVIEW'] as const;
