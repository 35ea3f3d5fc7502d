import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { owners } from './owners.ts';
import { users } from './users.ts';

/**
 * An owner's webhook endpoint. The signing secret must be kept in clear to sign with; it is
 * shown once on create and on rotation, and only its prefix is ever listed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoint',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    description: varchar('description', { length: 200 }),
    events: text('events')
      .array()
      .$type<WebhookEventType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    secret: varchar('secret', { length: 100 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoint_owner_idx').on(t.ownerId, t.active)],
);

/**
 * One event for one endpoint: the outbox row, written in the transaction of the change it reports, and
 * the durable job that delivers it (like a report row): claimed with FOR UPDATE SKIP LOCKED under a
 * lease (locked_by, locked_until); `attempts` counts claims and fences a stale worker's write.
 */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `webhook-id`: one per event, shared by its endpoints, the same on every retry and resend. */
    messageId: varchar('message_id', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 64 }).notNull(),
    /** The exact body sent (and signed) on every attempt. */
    payload: text('payload').notNull(),
    status: varchar('status', { length: 16 }).$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Retries stop after this instant (24 h after the event by default). */
    giveUpAt: ts('give_up_at').notNull(),
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: ts('locked_until'),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    completedAt: ts('completed_at'),
    ...timestamps(),
  },
  (t) => [
    // The claim query: WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at.
    index('webhook_delivery_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_delivery_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
  ],
);

/** The log of one HTTP attempt: request and response (bodies truncated), or the network error. */
export const webhookAttempts = pgTable(
  'webhook_attempt',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: ts('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [uniqueIndex('webhook_attempt_delivery_attempt_idx').on(t.deliveryId, t.attempt)],
);

/**
 * The client API's `Idempotency-Key`: one row per (owner, key), written in the same
 * transaction as the person it created. A concurrent twin blocks on the unique index until that
 * transaction ends, then finds the row and answers the stored response: never a second person.
 */
export const idempotencyKeys = pgTable(
  'idempotency_key',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_key_owner_key_idx').on(t.ownerId, t.key),
    index('idempotency_key_created_idx').on(t.createdAt),
  ],
);
