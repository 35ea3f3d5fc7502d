import { index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './columns.ts';
import { countryEnum } from './enums.ts';
import { owners } from './owners.ts';
import { pipelines } from './pipelines.ts';
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
    maxSubmissions: integer('max_submissions'),
    submissions: integer('submissions').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('form_link_owner_idx').on(t.ownerId, t.createdAt)],
);
