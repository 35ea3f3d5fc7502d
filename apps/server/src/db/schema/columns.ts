// Millisecond precision: timestamps round-trip exactly through JS Dates (keyset cursors rely on it).
import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
export const timestamps = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
