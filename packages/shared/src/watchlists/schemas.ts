import { z } from 'zod';
import { COUNTRIES, DOCUMENT_TYPES, PROFILE_STATUSES, REPORT_STATUSES } from '../enums.ts';
import { zDocumentId, zPersonName, zStoredText } from '../common/text.ts';
import { WATCHLIST_ALERT_RESOLUTIONS, WATCHLIST_SOURCE_IDS, ZMatchRuling, ZWatchlistMatch } from './alerts.ts';

export * from './alerts.ts';

/**
 * Official watch lists: the lists a person is screened against, their versions and health,
 * monitoring of enrolled persons and the alerts a new version raises. One contract from the screens to
 * the database.
 */

/** How a version came to be: the scheduled download, a file platform staff uploaded, the snapshot shipped with the product. */
export const WATCHLIST_VERSION_ORIGINS = ['download', 'upload', 'bundled'] as const;
export type WatchlistVersionOrigin = (typeof WATCHLIST_VERSION_ORIGINS)[number];

/** Why a person is monitored: chosen one by one, through their pipeline, every person of the owner, or by passing screening. */
export const WATCHLIST_ENROLMENT_VIA = ['person', 'pipeline', 'owner', 'screening'] as const;
export type WatchlistEnrolmentVia = (typeof WATCHLIST_ENROLMENT_VIA)[number];

/** Why a sync or an upload was refused; the previous version stays. */
export const WATCHLIST_LOAD_ERRORS = ['format', 'empty', 'truncated', 'shrank', 'older', 'download'] as const;
export type WatchlistLoadError = (typeof WATCHLIST_LOAD_ERRORS)[number];

const iso = z.iso.datetime({ offset: true });

/** POST /api/v1/watchlists/screen: one person against every loaded list, now (nothing stored). */
export const ZScreenRequest = z.strictObject({
  name: zPersonName().trim().min(1).max(200),
  documentId: zDocumentId().trim().max(64).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  country: z.enum(COUNTRIES).optional(),
  birthDate: z.iso.date().optional(),
  ownerId: z.uuid().optional().describe('Platform staff only: whose thresholds apply'),
});
export type TScreenRequest = z.infer<typeof ZScreenRequest>;

export const ZListVersionRef = z.object({
  source: z.enum(WATCHLIST_SOURCE_IDS),
  seq: z.number().int(),
  publishedAt: iso.nullable(),
  stale: z.boolean(),
});

export const ZScreenResponse = z.object({
  matches: z.array(ZWatchlistMatch),
  /** The versions screened against; a stale list is said, never silently passed. */
  lists: z.array(ZListVersionRef),
  threshold: z.number(),
});
export type TScreenResponse = z.infer<typeof ZScreenResponse>;

export const ZWatchlistVersion = z.object({
  id: z.uuid(),
  source: z.enum(WATCHLIST_SOURCE_IDS),
  seq: z.number().int(),
  origin: z.enum(WATCHLIST_VERSION_ORIGINS),
  fileName: z.string().nullable(),
  fileSha256: z.string(),
  bytes: z.number().int(),
  publishedAt: iso.nullable(),
  loadedAt: iso,
  entries: z.number().int(),
  individuals: z.number().int(),
  entities: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  current: z.boolean(),
});
export type TWatchlistVersion = z.infer<typeof ZWatchlistVersion>;

/** A list's health: what is loaded, how old it is, how its syncs fared. */
export const ZWatchlistSourceHealth = z.object({
  id: z.enum(WATCHLIST_SOURCE_IDS),
  publisher: z.string(),
  url: z.string().describe('Where the sync downloads it'),
  current: ZWatchlistVersion.nullable(),
  /** The data's age: since the publisher last confirmed it (or the file's own date, for an upload). */
  dataAsOf: iso.nullable(),
  ageDays: z.number().nullable(),
  maxAgeDays: z.number().int(),
  stale: z.boolean(),
  checkedAt: iso.nullable(),
  nextSyncAt: iso,
  lastError: z.object({ at: iso, code: z.enum(WATCHLIST_LOAD_ERRORS), message: z.string() }).nullable(),
  /** Syncs of the last 24 hours that failed, of all. */
  syncs24h: z.object({ total: z.number().int(), failed: z.number().int() }),
});
export type TWatchlistSourceHealth = z.infer<typeof ZWatchlistSourceHealth>;

/** A report source other than a list (the sandbox providers, Sol): how it answered over the last day. */
export const ZProviderHealth = z.object({
  reportType: z.string(),
  answered24h: z.number().int(),
  errorRate24h: z.number().nullable(),
  medianLatencyMs: z.number().nullable(),
  lastAnswerAt: iso.nullable(),
  pending: z.number().int(),
  /** Seconds until the pending reports are done, at the last hour's pace (null: no pace yet). */
  etaSeconds: z.number().nullable(),
});
export type TProviderHealth = z.infer<typeof ZProviderHealth>;

export const ZSourcesHealthResponse = z.object({
  lists: z.array(ZWatchlistSourceHealth),
  providers: z.array(ZProviderHealth),
  checkedAt: iso,
});
export type TSourcesHealthResponse = z.infer<typeof ZSourcesHealthResponse>;

export const ZWatchlistSourceParams = z.strictObject({ id: z.enum(WATCHLIST_SOURCE_IDS) });
export const ZListVersionsQuery = z.strictObject({ source: z.enum(WATCHLIST_SOURCE_IDS).optional() });
export const ZListVersionsResponse = z.object({ versions: z.array(ZWatchlistVersion) });
export type TListVersionsResponse = z.infer<typeof ZListVersionsResponse>;
export const ZUploadListQuery = z.strictObject({ fileName: zStoredText().trim().min(1).max(255).optional() });
export const ZLoadListResponse = z.object({ version: ZWatchlistVersion.nullable(), unchanged: z.boolean() });
export type TLoadListResponse = z.infer<typeof ZLoadListResponse>;

export const ZListAlertsQuery = z.strictObject({
  state: z.enum(['open', 'reviewed', 'all']).default('open'),
  profileId: z.uuid().optional(),
  ownerId: z.uuid().optional().describe('Platform staff only'),
});
export const ZAlertParams = z.strictObject({ id: z.uuid() });
/** Why the reviewer ruled so: required for a homonym (the record an audit asks for). */
export const RULING_REASON_MAX = 1000;
const zRulingReason = zStoredText().trim().max(RULING_REASON_MAX);
/** The screens ask a reason for every ruling: what a reviewer types, checked as the server will. */
export const ZRulingReasonForm = z.object({ reason: zStoredText().trim().min(1).max(RULING_REASON_MAX) });
export const ZReviewAlertRequest = z.strictObject({
  resolution: z.enum(WATCHLIST_ALERT_RESOLUTIONS),
  reason: zRulingReason.optional(),
});

/**
 * POST /api/v1/watchlists/rulings: a reviewer's word on one match of a person's watch-list report. The
 * report's status and the person's are derived again from every ruling; open alerts about the same
 * entry close with the same word. A homonym needs a reason and is refused on a match by document.
 */
export const ZRuleMatchRequest = z.strictObject({
  profileId: z.uuid(),
  source: z.enum(WATCHLIST_SOURCE_IDS),
  entryId: z.string().trim().min(1).max(64),
  verdict: z.enum(WATCHLIST_ALERT_RESOLUTIONS),
  reason: zRulingReason.optional(),
});
export type TRuleMatchRequest = z.infer<typeof ZRuleMatchRequest>;
export const ZRuleMatchResponse = z.object({
  ruling: ZMatchRuling,
  reportStatus: z.enum(REPORT_STATUSES),
  profileStatus: z.enum(PROFILE_STATUSES),
});
export type TRuleMatchResponse = z.infer<typeof ZRuleMatchResponse>;

export const ZWatchlistSettings = z.object({
  reviewThreshold: z.number().min(0.5).max(1),
  monitorAll: z.boolean(),
});
export type TWatchlistSettings = z.infer<typeof ZWatchlistSettings>;
export const ZUpdateWatchlistSettings = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff only'),
  reviewThreshold: z
    .number()
    .min(0.5, { error: 'watchlists.validation.threshold' })
    .max(1, { error: 'watchlists.validation.threshold' })
    .optional(),
  monitorAll: z.boolean().optional(),
});

export const ZMonitoringQuery = z.strictObject({ ownerId: z.uuid().optional().describe('Platform staff only') });
export const ZMonitoringSummary = z.object({
  settings: ZWatchlistSettings,
  enrolled: z.number().int(),
  openAlerts: z.number().int(),
  lists: z.array(ZListVersionRef.extend({ checkedAt: iso.nullable(), entries: z.number().int() })),
});
export type TMonitoringSummary = z.infer<typeof ZMonitoringSummary>;

export const ZEnrolRequest = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff only'),
  profileIds: z.array(z.uuid()).min(1).max(1000).optional(),
  pipelineId: z.uuid().optional(),
});
export const ZEnrolResponse = z.object({ enrolled: z.number().int() });
export const ZUnenrolRequest = z.strictObject({
  ownerId: z.uuid().optional(),
  profileIds: z.array(z.uuid()).min(1).max(1000),
});
export const ZUnenrolResponse = z.object({ removed: z.number().int() });

export const ZEnrolmentsQuery = z.strictObject({
  ownerId: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZEnrolment = z.object({
  profileId: z.uuid(),
  name: z.string(),
  country: z.enum(COUNTRIES),
  status: z.string(),
  via: z.enum(WATCHLIST_ENROLMENT_VIA),
  enrolledAt: iso,
  openAlerts: z.number().int(),
});
export const ZEnrolmentsResponse = z.object({ enrolments: z.array(ZEnrolment), nextCursor: z.string().nullable() });
export type TEnrolmentsResponse = z.infer<typeof ZEnrolmentsResponse>;
