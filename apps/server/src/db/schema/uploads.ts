import { boolean, index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { formLinks } from './forms.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';
import { users } from './users.ts';

/**
 * An uploaded file (SPEC §7): checked by content, stored under the data directory or in an S3 bucket
 * (`storageKey`). A form's uploads wait (profile null) until the candidate submits.
 */
export const uploads = pgTable(
  'upload',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    formLinkId: uuid('form_link_id').references(() => formLinks.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** The type the content showed (never the name's or the client's claim). */
    contentType: varchar('content_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    /** The signed consent document of the person's attestation: at most one per person. */
    consentDocument: boolean('consent_document').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('upload_owner_profile_idx').on(t.ownerId, t.profileId), index('upload_form_link_idx').on(t.formLinkId)],
);
