import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { auditEvents, owners, profiles } from '../../db/schema/index.ts';
import type { Actor, Deps } from '../../kernel/index.ts';
import type { JobLog, Schedule } from '../../lib/jobs/index.ts';
import { deleteProfiles, type WithinDelete } from '../profiles/delete.ts';
import type { PurgeFiles } from '../profiles/files.ts';
import { expiredBy } from './expiry.ts';

/** Retention deletes as no user: its audit rows name no actor. */
const RETENTION_ACTOR: Actor = { userId: null, ip: null };

/** What one run deleted: counts only, never who. */
export type RetentionCounts = { persons: number; uploads: number; recordings: number };
export type RetentionRun = RetentionCounts & { owners: number };

type PurgeDeps = Deps & { purge?: PurgeFiles };

/**
 * The run's one audit row for an owner, written in each batch's own transaction: the first batch inserts
 * it, the next ones raise its counts. A crash mid-run leaves it saying exactly what was committed; the
 * next run finds the rest still expired and counts them in its own row.
 */
function tally(ownerId: string, months: number, counts: RetentionCounts, auditId: number | null) {
  let next = { counts, auditId };
  const within: WithinDelete = async (tx, { ids, files }) => {
    if (ids.length === 0) return;
    const c = {
      persons: counts.persons + ids.length,
      uploads: counts.uploads + files.uploads.length,
      recordings: counts.recordings + files.recordings.length,
    };
    const changes = { retentionMonths: months, ...c };
    if (auditId !== null) {
      await tx.update(auditEvents).set({ changes }).where(eq(auditEvents.id, auditId));
      next = { counts: c, auditId };
      return;
    }
    const [row] = await tx
      .insert(auditEvents)
      .values({
        ownerId,
        actorUserId: null,
        action: 'retention.purge',
        entityType: 'owner',
        entityId: ownerId,
        changes,
      })
      .returning({ id: auditEvents.id });
    next = { counts: c, auditId: row!.id };
  };
  // Read only after deleteProfiles returned: its transaction committed, so the tally is true.
  return { within, committed: () => next };
}

/** Deletes one owner's expired persons, `batchSize` at a time, each batch through the person-deletion path. */
async function purgeOwner(
  deps: PurgeDeps,
  { ownerId, months, now, batchSize }: { ownerId: string; months: number; now: Date; batchSize: number },
): Promise<RetentionCounts> {
  let state: { counts: RetentionCounts; auditId: number | null } = {
    counts: { persons: 0, uploads: 0, recordings: 0 },
    auditId: null,
  };
  // Keyset on the id: each batch starts after the last one, so held persons are not scanned again.
  let after: string | null = null;
  for (;;) {
    const batch: { id: string }[] = await deps.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.ownerId, ownerId), after ? gt(profiles.id, after) : undefined, expiredBy(months, now)))
      .orderBy(asc(profiles.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    const { within, committed } = tally(ownerId, months, state.counts, state.auditId);
    // Expiry and hold are checked again under the delete's row locks: a hold set meanwhile keeps the person,
    // and a person another process deleted first is simply not found (nor counted) here.
    const condition = and(
      inArray(
        profiles.id,
        batch.map((b) => b.id),
      ),
      expiredBy(months, now),
    )!;
    await deleteProfiles(deps, { scope: { ownerId }, selection: { condition }, actor: RETENTION_ACTOR, within }, now);
    state = committed();
  }
  return state.counts;
}

/**
 * Retention: deletes every owner's persons whose retention has run out at `now` and who are
 * not on legal hold, with their reports, uploads, recordings, stored API answers and webhook payloads.
 * Idempotent: what is gone is not found again, so any process may run it and a crash just leaves the
 * rest for the next run.
 */
export async function runRetention(
  deps: PurgeDeps,
  { now, batchSize = 500, log }: { now: Date; batchSize?: number; log?: JobLog },
): Promise<RetentionRun> {
  const due = await deps.db
    .select({ id: owners.id, months: owners.retentionMonths })
    .from(owners)
    .where(isNotNull(owners.retentionMonths))
    .orderBy(asc(owners.id));
  const run: RetentionRun = { owners: 0, persons: 0, uploads: 0, recordings: 0 };
  const failures: unknown[] = [];
  for (const owner of due) {
    // One owner's failure must not keep the others' expired persons: it is reported after the rest.
    const counts = await purgeOwner(deps, { ownerId: owner.id, months: owner.months!, now, batchSize }).catch(
      (error: unknown) => (failures.push(error), null),
    );
    if (!counts || counts.persons === 0) continue;
    run.owners += 1;
    run.persons += counts.persons;
    run.uploads += counts.uploads;
    run.recordings += counts.recordings;
  }
  if (run.persons > 0) log?.info(run, 'retention: expired persons deleted');
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'retention: some owners failed');
  return run;
}

/** Retention as a schedule of the job runners' processes, hourly by default, on the given clock. */
export const retentionPurge = (
  deps: PurgeDeps,
  {
    now = () => new Date(),
    everyMs = 3_600_000,
    batchSize,
  }: { now?: () => Date; everyMs?: number; batchSize?: number } = {},
): Schedule => ({
  name: 'retention.purge',
  everyMs,
  run: (log) => runRetention(deps, { now: now(), batchSize, log }),
});
