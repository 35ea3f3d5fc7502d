import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './columns.ts';
import { countryEnum, ownerPlanEnum } from './enums.ts';

/** A client company. Every tenant-owned row points here through `owner_id`. */
export const owners = pgTable(
  'owner',
  {
    id: id(),
    codeName: varchar('code_name', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    plan: ownerPlanEnum('plan').notNull().default('standard'),
    creditsInitial: integer('credits_initial').notNull().default(0),
    creditsAvailable: integer('credits_available').notNull().default(0),
    creditsRefilledAt: ts('credits_refilled_at'),
    deferredApiSync: boolean('deferred_api_sync').notNull().default(false),
    // API keys (several per owner, rotatable, last use) live in the api_key table.
    // Fields only support fills in.
    country: countryEnum('country'),
    taxId: varchar('tax_id', { length: 64 }),
    billingEmail: varchar('billing_email', { length: 254 }),
    supportNotes: text('support_notes'),
    /** Retention: persons are deleted this many months after their last activity; null keeps them. */
    retentionMonths: integer('retention_months'),
    /** Consent: persons created in the dashboard, by CSV or the API must carry an attestation. */
    consentAttestationRequired: boolean('consent_attestation_required').notNull().default(false),
    /** The candidate's own page shows their finished reports' findings, not only the check's state. */
    candidateFindingsVisible: boolean('candidate_findings_visible').notNull().default(false),
    /** Identity document reports fail a person younger than this (years). */
    identityMinimumAge: integer('identity_minimum_age').notNull().default(18),
    /** Days a reviewer has to answer a candidate's correction request (1–60). */
    correctionDeadlineDays: integer('correction_deadline_days').notNull().default(15),
    ...timestamps(),
  },
  (t) => [
    check('owner_credits_non_negative', sql`${t.creditsAvailable} >= 0`),
    check('owner_correction_deadline_range', sql`${t.correctionDeadlineDays} between 1 and 60`),
    check('owner_retention_months_range', sql`${t.retentionMonths} is null or ${t.retentionMonths} between 1 and 120`),
  ],
);
