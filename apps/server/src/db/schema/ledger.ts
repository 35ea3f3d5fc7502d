import { bigserial, index, inet, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { creditEntryKindEnum } from './enums.ts';
import { owners } from './owners.ts';
import { reports } from './reports.ts';
import { users } from './users.ts';

/** One row per credit movement: `owner.credits_available` never changes without one. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    kind: creditEntryKindEnum('kind').notNull(),
    /** Signed: debits are negative. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** Idempotency: a refill for a period or a debit for a report is written once. */
    dedupeKey: varchar('dedupe_key', { length: 120 }),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('credit_ledger_dedupe_idx').on(t.ownerId, t.dedupeKey),
    // Analytics: a person's country or pipeline change marks the days of its reports' credit movements.
    index('credit_ledger_report_idx').on(t.reportId),
  ],
);

/** Who did what to which entity, for every change and every export. */
export const auditEvents = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    at: ts('at').notNull().defaultNow(),
    ip: inet('ip'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_event_owner_at_idx').on(t.ownerId, t.at),
    index('audit_event_entity_idx').on(t.entityType, t.entityId),
  ],
);
