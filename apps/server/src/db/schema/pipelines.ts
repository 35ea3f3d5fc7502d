import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ReportType } from '@centinela/shared';
import { id, timestamps } from './columns.ts';
import { countryEnum } from './enums.ts';
import { owners } from './owners.ts';
import { users } from './users.ts';

/** A named set of reports (SPEC §3: name at most 21 characters). */
export const pipelines = pgTable(
  'pipeline',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 21 }).notNull(),
    description: text('description'),
    country: countryEnum('country').notNull(),
    reportTypes: text('report_types')
      .array()
      .$type<ReportType[]>()
      .notNull()
      .default(sql`'{}'`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('pipeline_owner_country_idx').on(t.ownerId, t.country, t.name)],
);
