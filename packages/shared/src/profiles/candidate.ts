import { z } from 'zod';
import { ZPublicIdentityStep } from '../identity/index.ts';
import { COUNTRIES, LOCALES, REPORT_TYPES } from '../enums.ts';
import { zStoredText } from '../common/text.ts';

/**
 * The candidate's own page: through a code of their own, a candidate sees how far their check
 * has come — its findings only where the owner enables it — asks for a copy of their data or a correction,
 * and withdraws consent.
 */

/** Days a reviewer has to answer a correction request: the shortest legal term among the nine countries' laws. */
export const CORRECTION_DEADLINE_DAYS = 15;
/** How long a prepared copy of the candidate's data can be downloaded. */
export const CANDIDATE_EXPORT_HOURS = 24;
export const CORRECTION_MESSAGE_MAX = 2000;
export const CORRECTION_RESOLUTION_MAX = 2000;

/** The `lastError` of a report the candidate's withdrawal of consent stopped (status ERROR). */
export const CONSENT_WITHDRAWN = 'consent_withdrawn';

/** What the candidate is told of their check: no statuses, no findings. */
export const CANDIDATE_CHECK_STATES = ['received', 'in_progress', 'complete'] as const;
export type CandidateCheckState = (typeof CANDIDATE_CHECK_STATES)[number];

export const PRIVACY_REQUEST_KINDS = ['correction', 'export'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
/** A correction is open, then resolved; a copy is being prepared, then ready (until it expires) or failed. */
export const PRIVACY_REQUEST_STATUSES = ['open', 'resolved', 'preparing', 'ready', 'expired', 'failed'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** "/es/candidate/<code>": where a candidate's page lives, in their language. */
export const candidatePagePath = (code: string, locale: (typeof LOCALES)[number]) =>
  `${locale === 'en' ? '' : `/${locale}`}/candidate/${code}`;

/** Where a prepared copy is downloaded, as the candidate's page links it. */
export const candidateExportPath = (code: string, requestId: string, file: 'json' | 'pdf') =>
  `/api/v1/public/candidate/${encodeURIComponent(code)}/exports/${requestId}?file=${file}`;

const iso = z.iso.datetime({ offset: true });

export const ZCandidateParams = z.strictObject({ code: z.string().min(1).max(64) });
export const ZCandidateExportParams = z.strictObject({ code: z.string().min(1).max(64), id: z.uuid() });
/** `json`: everything held about the person; `pdf`: the verifiable report. */
export const ZCandidateExportQuery = z.strictObject({ file: z.enum(['json', 'pdf']) });

export const ZPrivacyRequest = z.object({
  id: z.uuid(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  /** The candidate's own words (corrections). */
  message: z.string().nullable(),
  /** The document the candidate attached to a correction. */
  upload: z.object({ id: z.uuid(), fileName: z.string() }).nullable(),
  createdAt: iso,
  /** When the request must be answered (corrections) or ready (copies). */
  dueAt: iso,
  resolvedAt: iso.nullable(),
  /** The reviewer's answer, shown to the candidate. */
  resolution: z.string().nullable(),
  /** Until when a ready copy can be downloaded. */
  expiresAt: iso.nullable(),
});
export type TPrivacyRequest = z.infer<typeof ZPrivacyRequest>;

/** One finding as the candidate reads it (toShownFinding): never the source's raw record. */
export const ZCandidateFinding = z.object({
  matchedBy: z.enum(['id', 'name']),
  severity: z.enum(['adverse', 'info']),
  summary: z.string(),
  source: z.string(),
  date: z.string().nullable(),
  crimeCategory: z.string().nullable(),
  sentencingStatus: z.string().nullable(),
  note: z.boolean().describe('A note about the source (its data was stale), not a record of the person'),
});

/** A finished report on the candidate's page, when the owner shows findings. */
export const ZCandidateReport = z.object({
  type: z.enum(REPORT_TYPES),
  completedAt: iso,
  findings: z.array(ZCandidateFinding),
});
export type TCandidateReport = z.infer<typeof ZCandidateReport>;

/** GET /api/v1/public/candidate/:code */
export const ZCandidatePage = z.object({
  company: z.string(),
  /** The name the candidate gave, so they know the page is theirs. */
  name: z.string(),
  country: z.enum(COUNTRIES),
  state: z.enum(CANDIDATE_CHECK_STATES),
  consentWithdrawnAt: iso.nullable(),
  reports: z
    .array(ZCandidateReport)
    .nullable()
    .describe(
      'The finished reports and their findings; null unless the owner shows findings to candidates (owner.candidateFindingsVisible)',
    ),
  requests: z.array(ZPrivacyRequest),
  /** Days the owner has to answer a correction asked now (the owner's setting; CORRECTION_DEADLINE_DAYS by default). */
  correctionDeadlineDays: z.number().int(),
  uploads: z.object({ url: z.string(), maxBytes: z.number().int() }),
  /** The identity step, while the person's identity document report waits for their pictures (a CSV or API person). */
  identity: ZPublicIdentityStep.nullable().optional(),
});
export type TCandidatePage = z.infer<typeof ZCandidatePage>;

/** POST /api/v1/public/candidate/:code/corrections */
export const ZCreateCorrectionRequest = z.strictObject({
  message: zStoredText().trim().min(1, { message: 'validation.required' }).max(CORRECTION_MESSAGE_MAX),
  uploadId: z.uuid().optional(),
});
export type TCreateCorrectionRequest = z.infer<typeof ZCreateCorrectionRequest>;

/** GET /api/v1/profiles/:id/privacy-requests */
export const ZListPrivacyRequestsResponse = z.object({ items: z.array(ZPrivacyRequest) });
export type TListPrivacyRequestsResponse = z.infer<typeof ZListPrivacyRequestsResponse>;

export const ZPrivacyRequestParams = z.strictObject({ id: z.uuid() });

/** POST /api/v1/privacy-requests/:id/resolve — the answer the candidate reads. */
export const ZResolveCorrectionRequest = z.strictObject({
  resolution: zStoredText().trim().min(1, { message: 'validation.required' }).max(CORRECTION_RESOLUTION_MAX),
});
export type TResolveCorrectionRequest = z.infer<typeof ZResolveCorrectionRequest>;

/** POST /api/v1/profiles/:id/candidate-link — a fresh page link for the candidate; older links stop working. */
export const ZCandidateLinkRequest = z.strictObject({ locale: z.enum(LOCALES).default('es') });
export const ZCandidateLink = z.object({
  code: z.string(),
  /** The page's path on this site, in the language asked for. */
  path: z.string(),
  createdAt: iso,
});
export type TCandidateLink = z.infer<typeof ZCandidateLink>;
