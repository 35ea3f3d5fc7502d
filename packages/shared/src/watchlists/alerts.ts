import { z } from 'zod';

/**
 * A watch-list alert as GET /api/v1/watchlists/alerts answers it, with the list entry it carries: their own
 * module (re-exported by ./schemas.ts), because every page's navbar and the persons list parse that answer,
 * and building the whole of ./schemas.ts there was most of a long task on a phone.
 */

/** The official lists. */
export const WATCHLIST_SOURCE_IDS = ['ofac-sdn', 'un-sc', 'sat-69b'] as const;
export type WatchlistSourceId = (typeof WATCHLIST_SOURCE_IDS)[number];

/** A new version's entry matches a monitored person, or an entry that matched one left the list. */
export const WATCHLIST_ALERT_KINDS = ['match', 'delisted'] as const;
export type WatchlistAlertKind = (typeof WATCHLIST_ALERT_KINDS)[number];
/** A reviewer's word on an alert: the person is the one listed, or a homonym (dismissed for that entry). */
export const WATCHLIST_ALERT_RESOLUTIONS = ['confirmed', 'homonym', 'acknowledged'] as const;
export type WatchlistAlertResolution = (typeof WATCHLIST_ALERT_RESOLUTIONS)[number];

/** Whether a date of birth on the list agrees with the person's. */
export const BIRTH_DATE_AGREEMENT = ['agrees', 'contradicts', 'unknown'] as const;

const iso = z.iso.datetime({ offset: true });

/** One list entry that matched, as a finding's record and an alert carry it: enough to tell a homonym at a glance. */
export const ZWatchlistMatch = z.object({
  source: z.enum(WATCHLIST_SOURCE_IDS),
  /** The publisher's id (OFAC ent_num, UN DATAID, SAT RFC). */
  entryId: z.string(),
  reference: z.string().nullable().describe('The id the publisher shows people (UN "QDi.001")'),
  url: z.string().nullable().describe("The publisher's page for the entry"),
  kind: z.enum(['individual', 'entity', 'vessel', 'aircraft']),
  /** The entry's primary name, as published. */
  name: z.string(),
  /** The name (primary or alias) that matched, as published. */
  matchedName: z.string(),
  matchedBy: z.enum(['id', 'name']),
  /** 0..1: name similarity, moved by the date of birth. */
  score: z.number(),
  nameScore: z.number(),
  /**
   * The matched name is a weak alias (OFAC's a.k.a. in its Remarks, UN's low-quality alias): a nickname or
   * a common name the publisher says screening should not rely on; it scores below the entry's own names.
   */
  weak: z.boolean().optional(),
  /** How much of each side the name match covers: words paired, of the person's and of the listed name's. */
  nameParts: z.object({ matched: z.number().int(), person: z.number().int(), listed: z.number().int() }).optional(),
  birthDate: z.enum(BIRTH_DATE_AGREEMENT),
  /** The entry's dates of birth as published. */
  birthDates: z.array(z.string()),
  /** The document that tied the entry to the person (or, with `nearDocument`, the listed one it is near). */
  document: z.object({ type: z.string(), number: z.string(), country: z.string().nullable() }).nullable(),
  /**
   * The person's document is one character away from this listed one (one letter or digit changed, left
   * out or added), from a compatible issuer, and the name matches too: a finding for review, not a tie.
   */
  nearDocument: z.boolean().optional(),
  nationalities: z.array(z.string()),
  programs: z.array(z.string()),
  listedOn: z.string().nullable(),
  /** The version of the list that found it. */
  versionSeq: z.number().int(),
  /** Set when the entry has left the list (YYYY-MM-DD of the version that dropped it). */
  delistedOn: z.string().nullable().optional(),
});
export type TWatchlistMatch = z.infer<typeof ZWatchlistMatch>;

/** A reviewer's ruling on one match, as the finding carries it (shared reports/finding.ts MatchRuling). */
const ZPastRuling = z.object({
  verdict: z.enum(WATCHLIST_ALERT_RESOLUTIONS),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: iso,
});
export const ZMatchRuling = ZPastRuling.extend({
  /** The rulings this one replaced, newest first: a ruling changed keeps its history. */
  history: z.array(ZPastRuling).optional(),
});
export type TMatchRuling = z.infer<typeof ZMatchRuling>;

export const ZWatchlistAlert = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  profileName: z.string(),
  reportId: z.uuid().nullable(),
  kind: z.enum(WATCHLIST_ALERT_KINDS),
  match: ZWatchlistMatch,
  versionSeq: z.number().int(),
  createdAt: iso,
  resolution: z.enum(WATCHLIST_ALERT_RESOLUTIONS).nullable(),
  reviewedAt: iso.nullable(),
  reviewedBy: z.string().nullable(),
  /** Why the reviewer ruled so. */
  reason: z.string().nullable().optional(),
});
export type TWatchlistAlert = z.infer<typeof ZWatchlistAlert>;

export const ZListAlertsResponse = z.object({ alerts: z.array(ZWatchlistAlert), open: z.number().int() });
export type TListAlertsResponse = z.infer<typeof ZListAlertsResponse>;
