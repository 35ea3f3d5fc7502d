import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { ReferenceCheckStatus } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { referenceChecks, references } from '../../db/schema/index.ts';

/**
 * The reference_check row is the job (like a report row): claimed with FOR UPDATE SKIP LOCKED, held
 * with a lease (locked_by, locked_until), `attempts` goes up on every claim and fences the holder's
 * writes. Unlike the report engine every time here is the injected clock's, so tests can jump 48 hours.
 */
export const TERMINAL: readonly ReferenceCheckStatus[] = ['completed', 'declined', 'expired'];

export type ClaimedCheck = { id: string; attempt: number; lockedBy: string; status: ReferenceCheckStatus };

export async function claimChecks(
  db: Db,
  opts: { workerId: string; leaseMs: number; limit: number; now: Date },
): Promise<ClaimedCheck[]> {
  const due = db
    .select({ id: referenceChecks.id })
    .from(referenceChecks)
    .where(
      and(
        notInArray(referenceChecks.status, [...TERMINAL]),
        lte(referenceChecks.nextRunAt, opts.now),
        or(isNull(referenceChecks.lockedUntil), lt(referenceChecks.lockedUntil, opts.now)),
      ),
    )
    .orderBy(asc(referenceChecks.nextRunAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(referenceChecks)
    .set({
      lockedBy: opts.workerId,
      lockedUntil: new Date(opts.now.getTime() + opts.leaseMs),
      attempts: sql`${referenceChecks.attempts} + 1`,
    })
    .where(inArray(referenceChecks.id, due))
    .returning({ id: referenceChecks.id, attempt: referenceChecks.attempts, status: referenceChecks.status });
  return rows.map((r) => ({ ...r, lockedBy: opts.workerId }));
}

/** The lease guard: still this claim, still in the status the step started from. */
export const held = (job: ClaimedCheck) =>
  and(
    eq(referenceChecks.id, job.id),
    eq(referenceChecks.lockedBy, job.lockedBy),
    eq(referenceChecks.attempts, job.attempt),
    eq(referenceChecks.status, job.status),
  );

/** Lets go of a claim (after a step, or when a webhook moved the check on meanwhile): due at `nextRunAt`. */
export async function release(
  db: Db,
  job: ClaimedCheck,
  nextRunAt: Date | null,
  patch: Partial<typeof referenceChecks.$inferInsert> = {},
): Promise<boolean> {
  const [row] = await db
    .update(referenceChecks)
    // A webhook may have moved the check on meanwhile (its own next_run_at stands then).
    .set({
      ...patch,
      lockedBy: null,
      lockedUntil: null,
      ...(nextRunAt && {
        nextRunAt: sql`case when ${referenceChecks.status} = ${job.status} then ${nextRunAt.toISOString()}::timestamptz else ${referenceChecks.nextRunAt} end`,
      }),
    })
    .where(
      and(
        eq(referenceChecks.id, job.id),
        eq(referenceChecks.lockedBy, job.lockedBy),
        eq(referenceChecks.attempts, job.attempt),
      ),
    )
    .returning({ id: referenceChecks.id });
  return Boolean(row);
}

/** Whether this claim still holds the check (inside a transaction: locks the row until commit). */
export async function stillHeld(tx: Db, job: ClaimedCheck): Promise<boolean> {
  const [row] = await tx.select({ id: referenceChecks.id }).from(referenceChecks).where(held(job)).for('update');
  return Boolean(row);
}

/** Milliseconds until the next check step is due (null: nothing running). */
export async function nextCheckDueInMs(db: Db, now: Date): Promise<number | null> {
  const [row] = await db
    .select({
      at: sql<
        string | null
      >`min(greatest(${referenceChecks.nextRunAt}, coalesce(${referenceChecks.lockedUntil}, ${referenceChecks.nextRunAt})))`,
    })
    .from(referenceChecks)
    .where(notInArray(referenceChecks.status, [...TERMINAL]));
  if (!row?.at) return null;
  return Math.max(0, new Date(row.at).getTime() - now.getTime());
}

export async function loadCheck(db: Db, id: string) {
  const [check] = await db.select().from(referenceChecks).where(eq(referenceChecks.id, id));
  if (!check) return null;
  const refs = await db
    .select()
    .from(references)
    .where(eq(references.referenceCheckId, id))
    .orderBy(asc(references.createdAt), asc(references.id));
  return { check, refs };
}

export type CheckRow = typeof referenceChecks.$inferSelect;
export type ReferenceRow = typeof references.$inferSelect;
