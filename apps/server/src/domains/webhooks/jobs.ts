import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

/**
 * The delivery row is the job, claimed like a report (domains/reports/jobs.ts): one UPDATE over rows
 * picked FOR UPDATE SKIP LOCKED, a lease for crash safety, `attempts` as the fencing token.
 */
export type ClaimedDelivery = {
  id: string;
  messageId: string;
  payload: string;
  attempt: number;
  giveUpAt: Date;
  lockedBy: string;
  url: string;
  secret: string;
};

const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

export async function claimDeliveries(
  db: Db,
  opts: { workerId: string; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(webhookDeliveries)
    .set({
      lockedBy: opts.workerId,
      lockedUntil: sql`now() + ${ms(opts.leaseMs)}`,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      messageId: webhookDeliveries.messageId,
      payload: webhookDeliveries.payload,
      attempt: webhookDeliveries.attempts,
      giveUpAt: webhookDeliveries.giveUpAt,
    });
  if (rows.length === 0) return [];
  // The endpoint's current URL and secret (a rotation applies to the next attempt).
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(rows.map((r) => r.endpointId))]));
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  return rows.flatMap((r) => {
    const endpoint = byId.get(r.endpointId);
    return endpoint ? [{ ...r, url: endpoint.url, secret: endpoint.secret, lockedBy: opts.workerId }] : [];
  });
}

export type AttemptLog = Omit<typeof webhookAttempts.$inferInsert, 'id' | 'deliveryId' | 'attempt'>;

/** What one attempt ends in: delivered, retry at `retryAt`, or given up (or `release` on shutdown). */
export type Outcome =
  { kind: 'succeeded' } | { kind: 'retry'; retryInMs: number } | { kind: 'failed' } | { kind: 'release' };

/**
 * Writes the attempt's log and the delivery's new state in one transaction, guarded by the lease:
 * false when the lease was lost (another worker took over; nothing is written).
 */
export async function settleDelivery(
  db: Db,
  job: ClaimedDelivery,
  outcome: Outcome,
  log: AttemptLog | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = and(
      eq(webhookDeliveries.id, job.id),
      eq(webhookDeliveries.lockedBy, job.lockedBy),
      eq(webhookDeliveries.attempts, job.attempt),
      eq(webhookDeliveries.status, 'pending'),
    );
    const unlock = { lockedBy: null, lockedUntil: null };
    const last = log ? { lastResponseStatus: log.responseStatus ?? null, lastError: log.error ?? null } : {};
    const values =
      outcome.kind === 'succeeded'
        ? { ...unlock, ...last, status: 'succeeded' as const, completedAt: sql`now()` }
        : outcome.kind === 'failed'
          ? { ...unlock, ...last, status: 'failed' as const, completedAt: sql`now()` }
          : outcome.kind === 'retry'
            ? { ...unlock, ...last, nextAttemptAt: sql`now() + ${ms(outcome.retryInMs)}` }
            : { ...unlock, attempts: sql`${webhookDeliveries.attempts} - 1`, nextAttemptAt: sql`now()` };
    const [row] = await tx.update(webhookDeliveries).set(values).where(held).returning({ id: webhookDeliveries.id });
    if (!row) return false;
    if (log)
      await tx
        .insert(webhookAttempts)
        .values({ ...log, deliveryId: job.id, attempt: job.attempt })
        .onConflictDoNothing();
    return true;
  });
}

/** Milliseconds until the next pending delivery is due or its lease runs out (null: none left). */
export async function nextDeliveryInMs(db: Db): Promise<number | null> {
  const [row] = await db
    .select({
      inMs: sql<
        number | null
      >`(extract(epoch from min(greatest(${webhookDeliveries.nextAttemptAt}, coalesce(${webhookDeliveries.lockedUntil}, ${webhookDeliveries.nextAttemptAt}))) - now()) * 1000)::double precision`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  const value = row?.inMs;
  return value === null || value === undefined ? null : Math.max(0, Number(value));
}
