import { z } from 'zod';
import { zStoredText } from '../common/text.ts';
import { COUNTRIES, CREATED_AS, DOCUMENT_TYPES, PROFILE_STATUSES, REPORT_STATUSES, REPORT_TYPES } from '../enums.ts';
import { MAX_SELECTION, PROFILE_SORTS } from './list.ts';
import { ZProfileSummary } from './summary.ts';
import { zTimeZone } from '../metrics/schemas.ts';
import { ZPersonConsent } from '../forms/consent.ts';

export * from './summary.ts';

/**
 * Request/response schemas of /api/v1/profiles (STYLE habit 3): the route validates with these objects
 * and the forms `.pick()`/`.extend()` them. Messages are translation keys (`profiles.validation.*`).
 */

/** A country where reports can run: `xx` is only the "not set" placeholder. */
export const ZRunCountry = z
  .enum(COUNTRIES)
  .refine((c) => c !== 'xx', { message: 'profiles.validation.countryRequired' });

const zDateTime = () => z.iso.datetime({ offset: true });
export const zOptionalText = (max: number) => zStoredText().trim().max(max).nullable().optional();

// ---------------------------------------------------------------- list, counts, filter

export { PROFILE_SORTS, type ProfileSort } from './list.ts';

/** One value or several (`?status=PASSED&status=FAILED` or `?status=PASSED,FAILED`). */
const zOneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(item).min(1).max(PROFILE_STATUSES.length),
  );

/** The filter a list, the counts, a bulk delete and an export share. */
export const ZProfileFilter = z.strictObject({
  status: zOneOrMany(z.enum(PROFILE_STATUSES)).optional(),
  country: z.enum(COUNTRIES).optional(),
  pipelineId: z.uuid().optional(),
  createdAs: z.enum(CREATED_AS).optional(),
  createdFrom: zDateTime().optional().describe('Created at or after this instant'),
  createdTo: zDateTime().optional().describe('Created before this instant'),
  q: zStoredText().trim().min(1).max(100).optional().describe('Searches name, document, email and phone'),
});
export type TProfileFilter = z.infer<typeof ZProfileFilter>;

/** GET /api/v1/profiles — sorted and keyset-paginated (the cursor belongs to its sort). */
export const ZListProfilesQuery = ZProfileFilter.extend({
  sort: z.enum(PROFILE_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(400).optional().describe('Opaque cursor from the previous page'),
  ownerId: z.uuid().optional().describe('Platform staff only: the owner whose profiles to list'),
});
export type TListProfilesQuery = z.infer<typeof ZListProfilesQuery>;
export const ZListProfilesRequest = ZListProfilesQuery;
export type TListProfilesRequest = TListProfilesQuery;

/** GET /api/v1/profiles/counts — the `status` filter is ignored so every status shows its count. */
export const ZProfileCountsRequest = ZProfileFilter.extend({
  ownerId: z.uuid().optional().describe('Platform staff only'),
});
export type TProfileCountsRequest = z.infer<typeof ZProfileCountsRequest>;

export const ZProfileParams = z.strictObject({ id: z.uuid() });
export type TProfileParams = z.infer<typeof ZProfileParams>;
/** Reports are addressed by their own id (the profile follows from it). */
export const ZReportParams = z.strictObject({ reportId: z.uuid() });
export type TReportParams = z.infer<typeof ZReportParams>;

// ---------------------------------------------------------------- detail

export const ZProfileReport = z.object({
  id: z.uuid(),
  type: z.enum(REPORT_TYPES),
  status: z.enum(REPORT_STATUSES),
  /** Records the source returned (data, not interface text). */
  findings: z.array(z.record(z.string(), z.unknown())),
  missingInputs: z.array(z.string()),
  details: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  startedAt: zDateTime().nullable(),
  completedAt: zDateTime().nullable(),
  createdAt: zDateTime(),
  updatedAt: zDateTime(),
});
export type TProfileReport = z.infer<typeof ZProfileReport>;

export const PREFERRED_CONTACTS = ['phone', 'email'] as const;

/** GET /api/v1/profiles/:id — every SPEC §3 field plus the reports. */
export const ZGetProfileResponse = ZProfileSummary.extend({
  birthDate: z.string().nullable(),
  city: z.string().nullable(),
  cityLocode: z.string().nullable(),
  state: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  /** The creator's username (an email), for display; null when created by no user or the user is gone. */
  createdByUsername: z.string().nullable(),
  observations: z.string().nullable(),
  validationComment: z.string().nullable(),
  confirmedHomonym: z.boolean(),
  excludedProcessType: z.string().nullable(),
  crimeCategory: z.string().nullable(),
  sentencingStatus: z.string().nullable(),
  inputs: z.record(z.string(), z.string()),
  /** Pre-candidates: how to reach the person (SPEC §5: phone when both are given). */
  preferredContact: z.enum(PREFERRED_CONTACTS).nullable(),
  reports: z.array(ZProfileReport),
  /** How the candidate's consent was obtained: their form, or an attestation; null: not recorded. */
  consent: ZPersonConsent.nullable(),
  /**
   * The candidate withdrew consent (on their own page): when, and how. Until a new consent is recorded
   * (POST /api/v1/profiles/:id/consent) nothing is run or monitored for the person (409 consent_withdrawn).
   */
  consentWithdrawal: z
    .object({ at: zDateTime(), via: z.enum(['candidate_page']) })
    .nullable()
    .describe('When and how the candidate withdrew consent; null: not withdrawn'),
});
export type TGetProfileResponse = z.infer<typeof ZGetProfileResponse>;
export const ZProfileDetail = ZGetProfileResponse;
export type TProfileDetail = TGetProfileResponse;

// ---------------------------------------------------------------- hints

/** Advisory, never blocking (SPEC §5 and §9). Translate with `profiles.hints.<hint>`. */
export const ZProfileHint = z.discriminatedUnion('hint', [
  z.object({ field: z.literal('documentId'), hint: z.literal('too_short'), minLength: z.number().int() }),
  z.object({ field: z.literal('documentId'), hint: z.literal('too_long'), maxLength: z.number().int() }),
  z.object({ field: z.literal('documentId'), hint: z.literal('invalid_format') }),
  z.object({
    field: z.literal('documentId'),
    hint: z.literal('recently_used'),
    profileId: z.uuid(),
    usedAt: zDateTime(),
  }),
]);
export type TProfileHint = z.infer<typeof ZProfileHint>;

/** POST /api/v1/profiles/hints */
export const ZProfileHintsRequest = z.strictObject({
  country: z.enum(COUNTRIES),
  documentType: z.enum(DOCUMENT_TYPES).default('national_id'),
  documentId: zStoredText().trim().min(1).max(64),
  ownerId: z.uuid().optional().describe('Platform staff only'),
});
export type TProfileHintsRequest = z.infer<typeof ZProfileHintsRequest>;

/** POST /api/v1/profiles/hints */
export const ZProfileHintsResponse = z.object({ hints: z.array(ZProfileHint) });
export type TProfileHintsResponse = z.infer<typeof ZProfileHintsResponse>;

// ---------------------------------------------------------------- create

// The create schemas (ZCreateProfileRequest and the phone check, libphonenumber's metadata) are in
// ./create.ts, so the list and the flyout do not load that metadata.

/** POST /api/v1/profiles */
export const ZCreateProfileResponse = z.object({ profile: ZGetProfileResponse, hints: z.array(ZProfileHint) });
export type TCreateProfileResponse = z.infer<typeof ZCreateProfileResponse>;

// ---------------------------------------------------------------- review fields, decision

/** PATCH /api/v1/profiles/:id — the review fields of SPEC §3; null clears one. */
export const ZUpdateProfileRequest = z
  .strictObject({
    observations: zOptionalText(4000),
    outcome: zOptionalText(64),
    validationComment: zOptionalText(4000),
    confirmedHomonym: z.boolean().optional(),
    excludedProcessType: zOptionalText(120),
    crimeCategory: zOptionalText(120),
    sentencingStatus: zOptionalText(120),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'profiles.validation.nothingToUpdate' });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** PATCH /api/v1/profiles/:id */
export const ZUpdateProfileResponse = ZGetProfileResponse;
export type TUpdateProfileResponse = TGetProfileResponse;

// ---------------------------------------------------------------- person fields (report inputs)

// ZUpdatePersonRequest (it validates a phone) is in ./create.ts.

/** PATCH /api/v1/profiles/:id/person — the person, and the reports queued again. */
export const ZUpdatePersonResponse = z.object({
  profile: ZGetProfileResponse,
  requeued: z.array(z.enum(REPORT_TYPES)),
});
export type TUpdatePersonResponse = z.infer<typeof ZUpdatePersonResponse>;

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;

/** POST /api/v1/profiles/:id/review — only while PENDING_MANUAL_REVIEW. */
export const ZReviewProfileRequest = z.strictObject({
  decision: z.enum(REVIEW_DECISIONS),
  comment: zStoredText().trim().max(4000).optional(),
});
export type TReviewProfileRequest = z.infer<typeof ZReviewProfileRequest>;

/** POST /api/v1/profiles/:id/review */
export const ZReviewProfileResponse = ZGetProfileResponse;
export type TReviewProfileResponse = TGetProfileResponse;

/** POST /api/v1/profiles/reports/:reportId/rerun */
export const ZRerunReportResponse = ZProfileReport;
export type TRerunReportResponse = TProfileReport;

// ---------------------------------------------------------------- bulk: delete, export

export { MAX_SELECTION } from './list.ts';

/** A selection of ids, or everything a filter matches. */
const ZSelection = z.union([
  z.strictObject({ ids: z.array(z.uuid()).min(1).max(MAX_SELECTION), ownerId: z.uuid().optional() }),
  z.strictObject({ filter: ZProfileFilter, ownerId: z.uuid().optional() }),
]);

/** POST /api/v1/profiles/delete */
export const ZDeleteProfilesRequest = ZSelection;
export type TDeleteProfilesRequest = z.infer<typeof ZDeleteProfilesRequest>;

/** POST /api/v1/profiles/delete */
export const ZDeleteProfilesResponse = z.object({ deleted: z.number().int(), ids: z.array(z.uuid()) });
export type TDeleteProfilesResponse = z.infer<typeof ZDeleteProfilesResponse>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** POST /api/v1/profiles/export — answers the file itself (text/csv or xlsx), as an attachment. */
/** The file's times are written in this IANA time zone (the reader's); its words in the Accept-Language. */
const zExportTimeZone = () => zTimeZone().optional().describe('IANA time zone of the times in the file (default UTC)');
export const ZExportProfilesRequest = z.union([
  z.strictObject({
    format: z.enum(EXPORT_FORMATS),
    ids: z.array(z.uuid()).min(1).max(MAX_SELECTION),
    ownerId: z.uuid().optional(),
    tz: zExportTimeZone(),
  }),
  z.strictObject({
    format: z.enum(EXPORT_FORMATS),
    filter: ZProfileFilter,
    ownerId: z.uuid().optional(),
    tz: zExportTimeZone(),
  }),
]);
export type TExportProfilesRequest = z.infer<typeof ZExportProfilesRequest>;

/** Every message key these schemas and the create route's issues use, for the web catalogues. */
export const PROFILE_MESSAGE_KEYS = [
  'profiles.validation.countryRequired',
  'profiles.validation.emailOrPhone',
  'profiles.validation.invalidPhone',
  'profiles.validation.pipelineOrReports',
  'profiles.validation.nothingToUpdate',
  'profiles.validation.pipelineNotFound',
  'profiles.validation.pipelineCountry',
  'profiles.validation.reportNotAvailable',
  'profiles.hints.too_short',
  'profiles.hints.too_long',
  'profiles.hints.invalid_format',
  'profiles.hints.recently_used',
  'validation.email',
] as const;
