import { index, inet, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './columns.ts';
import { countryEnum, localeEnum } from './enums.ts';
import { owners } from './owners.ts';
import { pipelines } from './pipelines.ts';
import { profiles } from './profiles.ts';
import { users } from './users.ts';

/** A public data-collection form: candidates submit through `/forms/{code}`. */
export const formLinks = pgTable(
  'form_link',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull().unique(),
    country: countryEnum('country').notNull(),
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    /** 1: single-use; null: multi-use. */
    maxSubmissions: integer('max_submissions'),
    submissions: integer('submissions').notNull().default(0),
    /** A staff-facing name for the link (e.g. the vacancy). */
    label: varchar('label', { length: 120 }),
    /** The language the link opens the form in (its URL's prefix); null for links made before it was asked. */
    locale: localeEnum('locale'),
    ...timestamps(),
  },
  (t) => [index('form_link_owner_idx').on(t.ownerId, t.createdAt)],
);

/** One candidate's submission: the profile it created and the consent to the background check (SPEC §2). */
export const formSubmissions = pgTable(
  'form_submission',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    formLinkId: uuid('form_link_id')
      .notNull()
      .references(() => formLinks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    locale: localeEnum('locale').notNull(),
    /** The consent the candidate gave: when, from where, and which version of the text they read. */
    consentVersion: varchar('consent_version', { length: 32 }).notNull(),
    consentedAt: ts('consented_at').notNull(),
    consentIp: inet('consent_ip'),
    userAgent: varchar('user_agent', { length: 512 }),
    ...timestamps(),
  },
  (t) => [
    index('form_submission_link_idx').on(t.formLinkId, t.createdAt),
    index('form_submission_owner_idx').on(t.ownerId),
    // A person's view shows the consent of the submission that created it.
    index('form_submission_profile_idx').on(t.profileId),
  ],
);
