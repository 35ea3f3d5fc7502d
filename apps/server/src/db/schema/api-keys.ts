import { index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { owners } from './owners.ts';
import { users } from './users.ts';

/**
 * An API key: the owner's (no user) or one user's own (users with api_key_mode `own`). The key is shown
 * once; only its sha256 is stored, with a short prefix to tell keys apart in lists.
 */
export const apiKeys = pgTable(
  'api_key',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_key_owner_idx').on(t.ownerId, t.userId)],
);
