import { index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';

/**
 * One issued PDF report: what its public verification page shows (the issuing owner's name as
 * printed, the time, the SHA-256 of the bytes), found by the random code printed on it. Deleting the person
 * detaches the row (profile_id NULL) but keeps it: a copy already handed out can still be checked, and the
 * row holds nothing about the person.
 */
export const reportPdfs = pgTable(
  'report_pdf',
  {
    id: id(),
    /** Crockford base32, 16 characters (80 random bits), stored without the dashes it is printed with. */
    code: varchar('code', { length: 16 }).notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    /** The owner's name as the PDF prints it: a later rename does not change what was issued. */
    ownerName: varchar('owner_name', { length: 200 }).notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    language: varchar('language', { length: 2 }).notNull(),
    /** Lowercase hex SHA-256 of the PDF's bytes as sent. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_pdf_code_idx').on(t.code), index('report_pdf_profile_idx').on(t.profileId)],
);
