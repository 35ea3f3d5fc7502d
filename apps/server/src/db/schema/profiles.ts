import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';
import { id, timestamps, ts } from './columns.ts';
import { countryEnum, createdAsEnum, documentTypeEnum, profileStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { pipelines } from './pipelines.ts';
import { users } from './users.ts';

/** A person (candidate or pre-candidate): every field SPEC §3 lists. The UUID is `id`. */
export const profiles = pgTable(
  'profile',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    country: countryEnum('country').notNull(),
    documentType: documentTypeEnum('document_type').notNull().default('national_id'),
    documentId: varchar('document_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 32 }),
    birthDate: date('birth_date', { mode: 'string' }),
    city: varchar('city', { length: 120 }),
    cityLocode: varchar('city_locode', { length: 8 }),
    state: varchar('state', { length: 120 }),
    status: profileStatusEnum('status').notNull().default('PENDING'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAs: createdAsEnum('created_as').notNull().default('dashboard'),
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    manuallyReviewed: boolean('manually_reviewed').notNull().default(false),
    observations: text('observations'),
    outcome: varchar('outcome', { length: 64 }),
    validationComment: text('validation_comment'),
    confirmedHomonym: boolean('confirmed_homonym').notNull().default(false),
    excludedProcessType: varchar('excluded_process_type', { length: 120 }),
    crimeCategory: varchar('crime_category', { length: 120 }),
    sentencingStatus: varchar('sentencing_status', { length: 120 }),
    /** Extra report inputs that have no column of their own. */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull().default({}),
    /** When the last review decision was made: one of the instants retention counts from. */
    reviewedAt: ts('reviewed_at'),
    /** Legal hold: while set, retention never deletes the person. Who set it, when and why. */
    legalHoldAt: ts('legal_hold_at'),
    legalHoldBy: uuid('legal_hold_by').references(() => users.id, { onDelete: 'set null' }),
    legalHoldReason: varchar('legal_hold_reason', { length: 500 }),
    /** The candidate withdrew consent on their page: pending reports stopped, retention counts from here. */
    consentWithdrawnAt: ts('consent_withdrawn_at'),
    /**
     * Consent attestation for a person created in the dashboard, by CSV or the API: who attested
     * that consent was obtained (a user, or an API key), when (the server's clock) and which consent text
     * version. A form-created person's consent is its form submission's instead.
     */
    consentAttestedAt: ts('consent_attested_at'),
    consentAttestedBy: uuid('consent_attested_by').references(() => users.id, { onDelete: 'set null' }),
    consentAttestedKeyId: uuid('consent_attested_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    consentVersion: varchar('consent_version', { length: 32 }),
    /** Deferred API sync: API-created persons stay hidden on the dashboard until this instant. */
    visibleFrom: ts('visible_from').notNull().defaultNow(),
    /**
     * What the list's text search matches (`q`): name, document, email and phone lowercased in one string,
     * joined by U+001F (a control character no search can span fields with, see filters.ts). One trigram
     * index and one LIKE per row instead of four of each: the search's cost in PostgreSQL fell about 3×.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name::text || chr(31) || document_id::text || chr(31) || coalesce(email::text, '') || chr(31) || coalesce(phone::text, ''))`,
    ),
    ...timestamps(),
  },
  (t) => [
    // Keyset list queries: ORDER BY created_at DESC, id DESC scans these backwards (see STACK.md).
    index('profile_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    index('profile_owner_status_created_idx').on(t.ownerId, t.status, t.createdAt, t.id),
    index('profile_owner_country_created_idx').on(t.ownerId, t.country, t.createdAt, t.id),
    index('profile_owner_document_idx').on(t.ownerId, t.documentId),
    index('profile_document_idx').on(t.documentId, t.createdAt),
    // Persons still hidden by deferred API sync: a short range at the top (the navbar subtracts them).
    index('profile_visible_from_idx').on(t.visibleFrom, t.ownerId),
    // The text search (`LIKE '%q%'` on search_text): a bitmap scan of this index when few persons match.
    index('profile_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
