import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  WatchlistAlertKind,
  WatchlistAlertResolution,
  WatchlistEnrolmentVia,
  WatchlistVersionOrigin,
} from '@centinela/shared';
import { id, ts } from './columns.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';
import { reports } from './reports.ts';
import { users } from './users.ts';

/**
 * One official list (OFAC SDN, UN SC, SAT 69-B…): its current version, and the row is also the sync job,
 * due at `next_sync_at`, claimed under a lease like every other queue's row.
 */
export const watchlistSources = pgTable('watchlist_source', {
  id: varchar('id', { length: 32 }).primaryKey(),
  /** The version screening reads; null until the first load. */
  currentVersionId: uuid('current_version_id'),
  /** What the publisher said last time (conditional download: If-None-Match / If-Modified-Since). */
  etag: varchar('etag', { length: 256 }),
  lastModified: varchar('last_modified', { length: 64 }),
  nextSyncAt: ts('next_sync_at').notNull().defaultNow(),
  /** Claims since the last success: the back-off's exponent. */
  attempts: integer('attempts').notNull().default(0),
  lockedBy: varchar('locked_by', { length: 100 }),
  lockedUntil: ts('locked_until'),
  /** The last time the publisher answered with a whole list or "not modified": the data's age counts from here. */
  checkedAt: ts('checked_at'),
  lastErrorAt: ts('last_error_at'),
  lastErrorCode: varchar('last_error_code', { length: 48 }),
  lastError: text('last_error'),
});

/** A list as loaded at one moment, with its delta against the version before (counts; the rows are entries). */
export const watchlistVersions = pgTable(
  'watchlist_version',
  {
    id: id(),
    sourceId: varchar('source_id', { length: 32 })
      .notNull()
      .references(() => watchlistSources.id),
    /** 1, 2, 3… per source: entries carry the seq they were added and removed in. */
    seq: integer('seq').notNull(),
    origin: varchar('origin', { length: 16 }).$type<WatchlistVersionOrigin>().notNull(),
    fileName: varchar('file_name', { length: 255 }),
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    bytes: integer('bytes').notNull(),
    /** The list's own "as of", when the file says it (UN dateGenerated, SAT's title line). */
    publishedAt: ts('published_at'),
    entries: integer('entries').notNull(),
    individuals: integer('individuals').notNull(),
    entities: integer('entities').notNull(),
    added: integer('added').notNull(),
    removed: integer('removed').notNull(),
    changed: integer('changed').notNull(),
    loadedBy: uuid('loaded_by').references(() => users.id, { onDelete: 'set null' }),
    loadedAt: ts('loaded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('watchlist_version_source_seq_idx').on(t.sourceId, t.seq)],
);

/**
 * One entry of a list, for the versions [added_in, removed_in): a changed entry is closed and written
 * again, so every version can be read back and a delta is the rows added or removed in its seq.
 * Screening reads the open rows (removed_in is null): a new version becomes visible in one commit.
 */
export const watchlistEntries = pgTable(
  'watchlist_entry',
  {
    id: id(),
    sourceId: varchar('source_id', { length: 32 })
      .notNull()
      .references(() => watchlistSources.id),
    /** The publisher's own id (OFAC ent_num, UN DATAID, SAT RFC). */
    entryId: varchar('entry_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    name: text('name').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    /** The normalised entry as parsed (domains/watchlists/entry.ts WatchlistEntry). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    addedIn: integer('added_in').notNull(),
    removedIn: integer('removed_in'),
  },
  (t) => [
    uniqueIndex('watchlist_entry_open_idx')
      .on(t.sourceId, t.entryId)
      .where(sql`${t.removedIn} is null`),
    index('watchlist_entry_source_added_idx').on(t.sourceId, t.addedIn),
    index('watchlist_entry_source_removed_idx').on(t.sourceId, t.removedIn),
  ],
);

/** Every name of an entry (primary and aliases) as screening compares them: one row each, trigram-indexed. */
export const watchlistNames = pgTable(
  'watchlist_name',
  {
    entryRowId: uuid('entry_row_id')
      .notNull()
      .references(() => watchlistEntries.id, { onDelete: 'cascade' }),
    /** As published. */
    name: text('name').notNull(),
    /** Folded tokens, particles dropped, sorted (names.ts sortedNameKey): word order does not count. */
    sortedKey: text('sorted_key').notNull(),
    alias: boolean('alias').notNull(),
  },
  (t) => [
    index('watchlist_name_trgm_idx').using('gin', t.sortedKey.op('gin_trgm_ops')),
    index('watchlist_name_entry_idx').on(t.entryRowId),
  ],
);

/** Identity documents of entries, by normalised number: a match here ties the entry to the person. */
export const watchlistDocuments = pgTable(
  'watchlist_document',
  {
    entryRowId: uuid('entry_row_id')
      .notNull()
      .references(() => watchlistEntries.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    number: varchar('number', { length: 64 }).notNull(),
    country: varchar('country', { length: 2 }),
  },
  (t) => [index('watchlist_document_number_idx').on(t.number), index('watchlist_document_entry_idx').on(t.entryRowId)],
);

/**
 * A person under continuous monitoring: what screening compares, kept with the enrolment so a new
 * version's delta is matched through indexes (name trigrams, document number) without reading profiles.
 */
export const watchlistEnrolments = pgTable(
  'watchlist_enrolment',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    via: varchar('via', { length: 16 }).$type<WatchlistEnrolmentVia>().notNull(),
    sortedKey: text('sorted_key').notNull(),
    documentNumber: varchar('document_number', { length: 64 }),
    birthDate: varchar('birth_date', { length: 10 }),
    enrolledBy: uuid('enrolled_by').references(() => users.id, { onDelete: 'set null' }),
    enrolledAt: ts('enrolled_at').notNull().defaultNow(),
  },
  (t) => [
    index('watchlist_enrolment_owner_idx').on(t.ownerId, t.enrolledAt),
    index('watchlist_enrolment_trgm_idx').using('gin', t.sortedKey.op('gin_trgm_ops')),
    index('watchlist_enrolment_document_idx').on(t.documentNumber),
  ],
);

/** An owner's screening settings: thresholds, and whether every person is monitored. */
export const watchlistSettings = pgTable('watchlist_setting', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => owners.id, { onDelete: 'cascade' }),
  /** Name-only matches scoring at least this are findings a reviewer sees (0..1). */
  reviewThreshold: real('review_threshold').notNull().default(0.82),
  monitorAll: boolean('monitor_all').notNull().default(false),
});

/**
 * A reviewer's ruling on one entry for one person. 'homonym' (this entry is not this person) stays
 * whatever later versions hold: screening and monitoring skip the entry. Every ruling is copied onto the
 * report's finding, so the report, the person and the PDF say the same. The table keeps its first name
 * (it began with homonyms only).
 */
export const watchlistDismissals = pgTable(
  'watchlist_dismissal',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    sourceId: varchar('source_id', { length: 32 }).notNull(),
    entryId: varchar('entry_id', { length: 64 }).notNull(),
    verdict: varchar('verdict', { length: 16 }).$type<WatchlistAlertResolution>().notNull().default('homonym'),
    /** Why (required for a homonym ruled one by one; null on rulings made before reasons were kept). */
    reason: text('reason'),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    dismissedAt: ts('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.sourceId, t.entryId] })],
);

/** What monitoring found when a list changed: a new match, or an entry that matched leaving the list. */
export const watchlistAlerts = pgTable(
  'watchlist_alert',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    sourceId: varchar('source_id', { length: 32 }).notNull(),
    entryId: varchar('entry_id', { length: 64 }).notNull(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => watchlistVersions.id),
    kind: varchar('kind', { length: 16 }).$type<WatchlistAlertKind>().notNull(),
    /** The finding as the report shows it (who, which entry, score, why). */
    finding: jsonb('finding').$type<Record<string, unknown>>().notNull(),
    resolution: varchar('resolution', { length: 16 }).$type<WatchlistAlertResolution>(),
    /** The reviewer's reason for the resolution. */
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watchlist_alert_once_idx').on(t.profileId, t.versionId, t.entryId, t.kind),
    index('watchlist_alert_owner_open_idx').on(t.ownerId, t.reviewedAt, t.createdAt),
  ],
);

/**
 * Monitoring's job: screen one version's delta against the enrolled persons, a batch of enrolments at a
 * time with a resume point (like a CSV import), so a crash neither loses nor repeats an alert.
 */
export const watchlistMonitorRuns = pgTable(
  'watchlist_monitor_run',
  {
    id: id(),
    versionId: uuid('version_id')
      .notNull()
      .unique()
      .references(() => watchlistVersions.id),
    status: varchar('status', { length: 16 }).$type<'queued' | 'done'>().notNull().default('queued'),
    /** Delta entries screened so far (in entry-row-id order). */
    cursor: uuid('cursor'),
    alerts: integer('alerts').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('watchlist_monitor_run_due_idx').on(t.status, t.createdAt)],
);

/** Every sync or upload of a list and how it ended: the source health's error rate over the last day. */
export const watchlistSyncLog = pgTable(
  'watchlist_sync_log',
  {
    id: id(),
    sourceId: varchar('source_id', { length: 32 }).notNull(),
    at: ts('at').notNull().defaultNow(),
    outcome: varchar('outcome', { length: 16 }).$type<'loaded' | 'unchanged' | 'failed'>().notNull(),
    errorCode: varchar('error_code', { length: 48 }),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('watchlist_sync_log_source_at_idx').on(t.sourceId, t.at)],
);
