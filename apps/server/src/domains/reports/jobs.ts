import type { ReportStatus, ReportType } from '@centinela/shared';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, reports } from '../../db/schema/index.ts';
import { lockProfile, refreshProfileStatus, type ProfileStatusChange } from './profile-status.ts';

/**
 * The report row is the job. A claim is one UPDATE over rows picked with FOR UPDATE SKIP LOCKED, so
 * concurrent workers (PostgreSQL) never pick the same row, and a lease (locked_by, locked_until) lets
 * another worker take over when the holder dies. `attempts` goes up on every claim and doubles as the
 * fencing token: a worker may only write the attempt it claimed.
 */
export type ClaimedJob = { id: string; ownerId: string; profileId: string; type: ReportType; attempt: number; lockedBy: string };

const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

export async function claimReports(db: Db, opts: { workerId: string; leaseMs: number; limit: number }): Promise<ClaimedJob[]> {
  const due = db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'PENDING'),
        lte(reports.runAfter, sql`now()`),
        // Free, or held by a worker whose lease ran out (it crashed or hung): crash safety.
        or(isNull(reports.lockedUntil), lt(reports.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(reports.runAfter)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(reports)
    .set({
      lockedBy: opts.workerId,
      lockedUntil: sql`now() + ${ms(opts.leaseMs)}`,
      attempts: sql`${reports.attempts} + 1`,
      startedAt: sql`coalesce(${reports.startedAt}, now())`,
    })
    .where(inArray(reports.id, due))
    .returning({ id: reports.id, ownerId: reports.ownerId, profileId: reports.profileId, type: reports.type, attempt: reports.attempts });
  return rows.map((r) => ({ ...r, lockedBy: opts.workerId }));
}

/** What a settled attempt writes. `retryInMs` keeps the report PENDING and due again later. */
export type Settlement =
  | { kind: 'result'; status: ReportStatus; findings?: typeof reports.$inferInsert.findings; details?: Record<string, unknown> | null; missingInputs?: string[]; lastError?: string | null }
  | { kind: 'retry'; retryInMs: number; lastError: string }
  | { kind: 'release' };

export type Settled = { reportId: string; ownerId: string; profileId: string; status: ReportStatus; profile: ProfileStatusChange | null };

/** The lease guard: this attempt of this worker, still PENDING. Anything else means someone took over. */
const held = (job: ClaimedJob) =>
  and(eq(reports.id, job.id), eq(reports.lockedBy, job.lockedBy), eq(reports.attempts, job.attempt), eq(reports.status, 'PENDING'));

function valuesFor(s: Settlement) {
  const unlock = { lockedBy: null, lockedUntil: null };
  switch (s.kind) {
    case 'result':
      return {
        ...unlock,
        status: s.status,
        findings: s.findings ?? [],
        details: s.details ?? null,
        missingInputs: s.missingInputs ?? [],
        lastError: s.lastError ?? null,
        completedAt: sql`now()`,
      };
    case 'retry':
      return { ...unlock, lastError: s.lastError, runAfter: sql`now() + ${ms(s.retryInMs)}` };
    case 'release':
      // Shutting down mid-call is not the source's fault: give the attempt back and make it due at once.
      return { ...unlock, attempts: sql`${reports.attempts} - 1`, runAfter: sql`now()` };
  }
}

/**
 * Writes one attempt's outcome, the report status and the derived profile status in ONE transaction,
 * guarded by the lease. Returns null when the lease was lost (a stale worker: nothing is written) or
 * the profile is gone. The caller publishes events after this resolves, i.e. after commit.
 */
export async function settle(db: Db, job: ClaimedJob, s: Settlement): Promise<Settled | null> {
  return db.transaction(async (tx) => {
    const locked = await lockProfile(tx, job.profileId);
    if (!locked) return null;
    const [row] = await tx.update(reports).set(valuesFor(s)).where(held(job)).returning({ status: reports.status });
    if (!row) return null;
    if (s.kind !== 'result') return { reportId: job.id, ownerId: job.ownerId, profileId: job.profileId, status: row.status, profile: null };
    const profile = await refreshProfileStatus(tx, job.profileId, locked);
    // The audit trail of every change (DESIGN.md); one row per finished report also proves exactly-once.
    await tx.insert(auditEvents).values({
      ownerId: job.ownerId,
      action: 'report.finished',
      entityType: 'report',
      entityId: job.id,
      changes: { status: row.status, attempt: job.attempt, profileStatus: profile?.status ?? null },
    });
    return { reportId: job.id, ownerId: job.ownerId, profileId: job.profileId, status: row.status, profile };
  });
}

/** Milliseconds until the next PENDING report is due or its lease runs out (null: none left at all). */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const [row] = await db
    .select({
      inMs: sql<number | null>`(extract(epoch from min(greatest(${reports.runAfter}, coalesce(${reports.lockedUntil}, ${reports.runAfter}))) - now()) * 1000)::double precision`,
    })
    .from(reports)
    .where(eq(reports.status, 'PENDING'));
  const value = row?.inMs;
  return value === null || value === undefined ? null : Math.max(0, Number(value));
}
