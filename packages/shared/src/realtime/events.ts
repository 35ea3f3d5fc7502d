import { z } from 'zod';
import { CSV_JOB_STATUSES, PROFILE_STATUSES, REFERENCE_CHECK_STATUSES, REPORT_STATUSES } from '../enums.ts';

/**
 * Events the server pushes over socket.io (SPEC §7: path /socket.io). Each goes only to the sockets of
 * the owner it belongs to (room `owner:<id>`); the payload carries ids and statuses, never personal data:
 * the client refetches what it shows.
 */
export const REALTIME_EVENTS = {
  'report.updated': z.object({ profileId: z.uuid(), reportId: z.uuid(), status: z.enum(REPORT_STATUSES) }),
  'profile.updated': z.object({ profileId: z.uuid(), status: z.enum(PROFILE_STATUSES) }),
  'profiles.deleted': z.object({ ids: z.array(z.uuid()) }),
  /** A Sol reference check moved on: the flyout refetches it. */
  'reference_check.updated': z.object({
    profileId: z.uuid(),
    referenceCheckId: z.uuid(),
    reportId: z.uuid().nullable(),
    status: z.enum(REFERENCE_CHECK_STATUSES),
  }),
  /** Monitoring found something when a watch list changed: the alerts and the person refetch. */
  'watchlist.alert': z.object({ alertId: z.uuid(), profileId: z.uuid(), kind: z.enum(['match', 'delisted']) }),
  /** The owner's credit balance changed (a debit, refund, refill or adjustment). */
  'credits.updated': z.object({ creditsAvailable: z.number().int() }),
  /** A CSV import committed a batch, started or finished. */
  'csv.progress': z.object({
    jobId: z.uuid(),
    status: z.enum(CSV_JOB_STATUSES),
    processed: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** Rows skipped, or that updated an existing person, as duplicates. */
    skipped: z.number().int(),
    updated: z.number().int(),
    rowCount: z.number().int().nullable(),
  }),
} as const;

export type RealtimeEventName = keyof typeof REALTIME_EVENTS;
export type RealtimeEvent<N extends RealtimeEventName> = z.infer<(typeof REALTIME_EVENTS)[N]>;

/** SPEC §9 socket defaults, shared so the client and its tests use the same numbers. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['polling', 'websocket', 'webtransport'],
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const;
