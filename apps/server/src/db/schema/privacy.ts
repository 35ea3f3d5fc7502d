import { index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { privacyRequestKindEnum, privacyRequestStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * The code of a candidate's own page: one per person, made when the form is submitted or when
 * staff send a fresh link (which replaces the old code). It goes with the person.
 */
export const candidateAccess = pgTable(
  'candidate_access',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    /** 20 characters from form links' alphabet (100 random bits). */
    code: varchar('code', { length: 32 }).notNull(),
    /** The language the candidate's page opens in. */
    locale: varchar('locale', { length: 2 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('candidate_access_code_idx').on(t.code)],
);

/**
 * A candidate's request: a correction, a task for a reviewer with a deadline; or a copy of
 * their data, prepared by the `privacy-exports` queue (the row is the job: lease, attempts) and kept in
 * upload storage until it expires.
 */
export const privacyRequests = pgTable(
  'privacy_request',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: privacyRequestKindEnum('kind').notNull(),
    status: privacyRequestStatusEnum('status').notNull(),
    message: text('message'),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    locale: varchar('locale', { length: 2 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    dueAt: ts('due_at').notNull(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    /** A ready copy: its two files in upload storage, and until when they can be downloaded. */
    exportKeys: text('export_keys').array(),
    expiresAt: ts('expires_at'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
  },
  (t) => [
    index('privacy_request_profile_idx').on(t.profileId, t.createdAt),
    // The export queue's claim: WHERE status = 'preparing' (and the expiry sweep: status = 'ready').
    index('privacy_request_status_idx').on(t.status, t.createdAt),
  ],
);
