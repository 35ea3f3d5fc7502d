import type { Finding, ReportStatus, ReportType } from '@centinela/shared';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, profiles, reports } from '../../db/schema/index.ts';
import { refundReports, type CreditChange } from '../credits/charge.ts';
import { reportEventData } from '../webhooks/events.ts';
import { emitWebhookEvents, type WebhookEvent } from '../webhooks/outbox.ts';
import {
  lockProfile,
  lockProfiles,
  refreshProfileStatus,
  refreshProfileStatuses,
  type ProfileStatusChange,
} from './profile-status.ts';

/**
 * The report row is the job. A claim is one UPDATE over rows picked with FOR UPDATE SKIP LOCKED, so
 * concurrent workers (PostgreSQL) never pick the same row, and a lease (locked_by, locked_until) lets
 * another worker take over when the holder dies. `attempts` goes up on every claim and doubles as the
 * fencing token: a worker may only write the attempt it claimed.
 */
export type ClaimedJob = {
  id: string;
  ownerId: string;
  profileId: string;
  type: ReportType;
  attempt: number;
  lockedBy: string;
};

/** The channel a committed new PENDING report is announced on, so idle workers of every process look at once. */
export const REPORTS_CHANNEL = 'centinela_reports';

/** Inside the transaction that queued work: delivered at commit (and once per transaction, however often called). */
export async function notifyWorkers(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${REPORTS_CHANNEL}, '')`);
}

const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

export async function claimReports(
  db: Db,
  opts: { workerId: string; leaseMs: number; limit: number },
): Promise<ClaimedJob[]> {
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
    .returning({
      id: reports.id,
      ownerId: reports.ownerId,
      profileId: reports.profileId,
      type: reports.type,
      attempt: reports.attempts,
    });
  return rows.map((r) => ({ ...r, lockedBy: opts.workerId }));
}

/** What a settled attempt writes. `retryInMs` keeps the report PENDING and due again later. */
export type Settlement =
  | {
      kind: 'result';
      status: ReportStatus;
      findings?: typeof reports.$inferInsert.findings;
      details?: Record<string, unknown> | null;
      missingInputs?: string[];
      lastError?: string | null;
    }
  | { kind: 'retry'; retryInMs: number; lastError: string }
  | { kind: 'release' };

export type Settled = {
  reportId: string;
  ownerId: string;
  profileId: string;
  status: ReportStatus;
  profile: ProfileStatusChange | null;
  /** The owner's balance after a refund (the report ended in ERROR and had been paid for). */
  credits?: CreditChange | null;
};

/** The lease guard: this attempt of this worker, still PENDING. Anything else means someone took over. */
const held = (job: ClaimedJob) =>
  and(
    eq(reports.id, job.id),
    eq(reports.lockedBy, job.lockedBy),
    eq(reports.attempts, job.attempt),
    eq(reports.status, 'PENDING'),
  );

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
    if (s.kind !== 'result')
      return { reportId: job.id, ownerId: job.ownerId, profileId: job.profileId, status: row.status, profile: null };
    await copyFindingFacts(tx, [{ profileId: job.profileId, findings: s.findings ?? [] }]);
    const [credits] = row.status === 'ERROR' ? await refundReports(tx, [job.id]) : [];
    const profile = await refreshProfileStatus(tx, job.profileId, locked);
    // The audit trail of every change (DESIGN.md); one row per finished report also proves exactly-once.
    await tx.insert(auditEvents).values(finishedAudit(job, row.status, profile));
    await emitWebhookEvents(tx, finishedEvents(job, row.status, profile));
    return {
      reportId: job.id,
      ownerId: job.ownerId,
      profileId: job.profileId,
      status: row.status,
      profile,
      credits: credits ?? null,
    };
  });
}

/**
 * A record matched on the document id states the crime category and sentencing status: they become the
 * profile's (SPEC §3 fields) unless a reviewer already filled them in — a reviewer's value is never
 * overwritten. One statement for all the results given.
 */
async function copyFindingFacts(tx: Db, results: { profileId: string; findings: Finding[] }[]): Promise<void> {
  const facts = new Map<string, { id: string; crime_category: string | null; sentencing_status: string | null }>();
  for (const { profileId, findings } of results) {
    const record = findings.find(
      (f) => f.matchedBy === 'id' && f.severity === 'adverse' && (f.crimeCategory || f.sentencingStatus),
    );
    if (!record || facts.has(profileId)) continue;
    facts.set(profileId, {
      id: profileId,
      crime_category: record.crimeCategory?.slice(0, 120) ?? null,
      sentencing_status: record.sentencingStatus?.slice(0, 120) ?? null,
    });
  }
  if (facts.size === 0) return;
  await tx.execute(sql`
    UPDATE ${profiles} AS p SET
      crime_category = coalesce(p.crime_category, v.crime_category),
      sentencing_status = coalesce(p.sentencing_status, v.sentencing_status),
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify([...facts.values()])}::jsonb) AS v(id uuid, crime_category text, sentencing_status text)
    WHERE p.id = v.id AND (p.crime_category IS NULL OR p.sentencing_status IS NULL)`);
}

const finishedAudit = (job: ClaimedJob, status: ReportStatus, profile: ProfileStatusChange | null) => ({
  ownerId: job.ownerId,
  action: 'report.finished',
  entityType: 'report',
  entityId: job.id,
  changes: { status, attempt: job.attempt, profileStatus: profile?.status ?? null },
});

/** Webhooks, in the settling transaction (outbox): the report's end, and the person's when it has one. */
function finishedEvents(job: ClaimedJob, status: ReportStatus, profile: ProfileStatusChange | null): WebhookEvent[] {
  const events: WebhookEvent[] = [
    {
      ownerId: job.ownerId,
      type: status === 'ERROR' ? 'report.failed' : 'report.completed',
      data: reportEventData({ reportId: job.id, profileId: job.profileId, status }, job.type),
    },
  ];
  if (profile?.changed && profile.status !== 'PENDING' && profile.status !== 'PRECANDIDATE') {
    events.push({
      ownerId: job.ownerId,
      type: 'profile.completed',
      data: { profileId: job.profileId, status: profile.status },
    });
  }
  return events;
}

/**
 * `settle` for many attempts in ONE transaction (group commit: the worker's hot path). Same guarantees
 * per item — each write is guarded by its own lease, a stale item writes nothing and gets null — in a
 * fixed number of statements for the whole batch: lock the profiles (id order), one UPDATE for every
 * result, one read of the profiles' reports, one UPDATE of the statuses that changed, one audit INSERT.
 * Retries and releases (rare) are written one by one in the same transaction.
 */
export async function settleBatch(
  db: Db,
  items: { job: ClaimedJob; settlement: Settlement }[],
): Promise<(Settled | null)[]> {
  if (items.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = await lockProfiles(
      tx,
      items.map((i) => i.job.profileId),
    );
    const written = new Map<string, ReportStatus>();
    const results = items.filter((i) => i.settlement.kind === 'result' && locked.has(i.job.profileId));
    if (results.length > 0) {
      const values = results.map(({ job, settlement }) => {
        const r = settlement as Extract<Settlement, { kind: 'result' }>;
        return {
          id: job.id,
          locked_by: job.lockedBy,
          attempt: job.attempt,
          status: r.status,
          findings: r.findings ?? [],
          details: r.details ?? null,
          missing: r.missingInputs ?? [],
          last_error: r.lastError ?? null,
        };
      });
      // Both drivers answer `{ rows }` (node-postgres QueryResult, PGlite Results); the common type says unknown.
      const updated = (await tx.execute(sql`
        UPDATE ${reports} AS r SET
          status = v.status::report_status, findings = v.findings, details = v.details,
          missing_inputs = ARRAY(SELECT jsonb_array_elements_text(v.missing)), last_error = v.last_error,
          completed_at = now(), locked_by = NULL, locked_until = NULL, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          AS v(id uuid, locked_by text, attempt int, status text, findings jsonb, details jsonb, missing jsonb, last_error text)
        WHERE r.id = v.id AND r.locked_by = v.locked_by AND r.attempts = v.attempt AND r.status = 'PENDING'
        RETURNING r.id, r.status`)) as { rows: { id: string; status: ReportStatus }[] };
      for (const row of updated.rows) written.set(row.id, row.status);
    }
    for (const { job, settlement } of items) {
      if (settlement.kind === 'result' || !locked.has(job.profileId)) continue;
      const [row] = await tx
        .update(reports)
        .set(valuesFor(settlement))
        .where(held(job))
        .returning({ status: reports.status });
      if (row) written.set(job.id, row.status);
    }
    await copyFindingFacts(
      tx,
      results
        .filter((i) => written.has(i.job.id))
        .map((i) => ({
          profileId: i.job.profileId,
          findings: (i.settlement as Extract<Settlement, { kind: 'result' }>).findings ?? [],
        })),
    );
    // A report that ended in ERROR gives its credits back (free plan), in this same transaction.
    const refunds = await refundReports(
      tx,
      results.filter((i) => written.get(i.job.id) === 'ERROR').map((i) => i.job.id),
    );
    const balances = new Map(refunds.map((c) => [c.ownerId, c]));
    const touched = new Set(results.filter((i) => written.has(i.job.id)).map((i) => i.job.profileId));
    const finishedProfiles = new Map([...locked].filter(([id]) => touched.has(id)));
    const profilesAfter = await refreshProfileStatuses(tx, finishedProfiles);
    const out = items.map(({ job, settlement }): Settled | null => {
      const status = written.get(job.id);
      if (status === undefined) return null;
      const profile = settlement.kind === 'result' ? (profilesAfter.get(job.profileId) ?? null) : null;
      const credits = status === 'ERROR' ? (balances.get(job.ownerId) ?? null) : null;
      return { reportId: job.id, ownerId: job.ownerId, profileId: job.profileId, status, profile, credits };
    });
    const audit = out.flatMap((s, i) =>
      s && items[i]!.settlement.kind === 'result' ? [finishedAudit(items[i]!.job, s.status, s.profile)] : [],
    );
    if (audit.length > 0) await tx.insert(auditEvents).values(audit);
    // Two reports of one person in one batch share its change: one `profile.completed`, not two.
    const seen = new Set<string>();
    const finished = out.flatMap((s, i) =>
      s && items[i]!.settlement.kind === 'result'
        ? finishedEvents(items[i]!.job, s.status, seen.has(s.profileId) ? null : (seen.add(s.profileId), s.profile))
        : [],
    );
    await emitWebhookEvents(tx, finished);
    return out;
  });
}

/** Milliseconds until the next PENDING report is due or its lease runs out (null: none left at all). */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const [row] = await db
    .select({
      inMs: sql<
        number | null
      >`(extract(epoch from min(greatest(${reports.runAfter}, coalesce(${reports.lockedUntil}, ${reports.runAfter}))) - now()) * 1000)::double precision`,
    })
    .from(reports)
    // A report handed to Sol (parked: run_after infinity) is Sol's to settle, not due here.
    .where(and(eq(reports.status, 'PENDING'), lt(reports.runAfter, sql`'infinity'::timestamptz`)));
  const value = row?.inMs;
  return value === null || value === undefined ? null : Math.max(0, Number(value));
}

/**
 * Sol: an employment_references report is the reference check's to run. The claimed attempt
 * hands it over in ONE lease-guarded transaction: `start` creates the check (idempotent on report_id)
 * and the report stays PENDING, unlocked, parked (run_after = infinity) so no report worker claims it
 * again. Sol settles it with `settleParkedReport` when the check ends. False: the lease was lost.
 */
export async function parkReport(db: Db, job: ClaimedJob, start: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reports)
      .set({ lockedBy: null, lockedUntil: null, runAfter: sql`'infinity'::timestamptz` })
      .where(held(job))
      .returning({ id: reports.id });
    if (!row) return false;
    await start(tx);
    return true;
  });
}

/**
 * Sol's end of a parked report, inside the caller's transaction (the one that ends the check): the
 * result, the credits back if ERROR, the profile status, the audit row. Null if the report is gone or
 * no longer PENDING (settled already: exactly once).
 */
export async function settleParkedReport(
  tx: Db,
  reportId: string,
  result: { status: ReportStatus; findings: Finding[]; details: Record<string, unknown> },
): Promise<Settled | null> {
  const [report] = await tx
    .select({ profileId: reports.profileId, ownerId: reports.ownerId, attempts: reports.attempts })
    .from(reports)
    .where(eq(reports.id, reportId));
  if (!report) return null;
  const locked = await lockProfile(tx, report.profileId);
  if (!locked) return null;
  const [row] = await tx
    .update(reports)
    .set({
      status: result.status,
      findings: result.findings,
      details: result.details,
      missingInputs: [],
      lastError: null,
      completedAt: sql`now()`,
      runAfter: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(reports.id, reportId), eq(reports.status, 'PENDING')))
    .returning({ status: reports.status });
  if (!row) return null;
  const [credits] = row.status === 'ERROR' ? await refundReports(tx, [reportId]) : [];
  const profile = await refreshProfileStatus(tx, report.profileId, locked);
  const job: ClaimedJob = {
    id: reportId,
    ownerId: report.ownerId,
    profileId: report.profileId,
    type: 'employment_references',
    attempt: report.attempts,
    lockedBy: 'sol',
  };
  await tx.insert(auditEvents).values(finishedAudit(job, row.status, profile));
  return {
    reportId,
    ownerId: report.ownerId,
    profileId: report.profileId,
    status: row.status,
    profile,
    credits: credits ?? null,
  };
}
