import { index, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import type { InboxKind } from '@centinela/shared';
import { ts } from './columns.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';
import { users } from './users.ts';

/**
 * Who works on an item of the review inbox (domains/inbox): one row per item that has (or
 * had) an assignee. The items themselves live where they always did (a report's finding, an alert, a
 * correction request, an identity report); `ref` names one as the inbox does. It goes with the person.
 */
export const inboxAssignments = pgTable(
  'inbox_assignment',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<InboxKind>().notNull(),
    ref: varchar('ref', { length: 200 }).notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Null: back to nobody (a user removed later leaves the item unassigned too). */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.kind, t.ref] }),
    index('inbox_assignment_assignee_idx').on(t.assigneeId),
    index('inbox_assignment_profile_idx').on(t.profileId),
  ],
);
