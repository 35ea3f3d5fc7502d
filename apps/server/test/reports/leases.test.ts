import { errorMessage } from '@centinela/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { auditEvents, profiles, reports } from '../../src/db/schema/index.ts';
import { refreshProfileStatus } from '../../src/domains/reports/index.ts';
import { claimReports, settle, settleBatch } from '../../src/domains/reports/jobs.ts';
import { SandboxProvider } from '../../src/domains/reports/sandbox.ts';
import { ApiError } from '../../src/lib/api-error.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV, personWithReports, profileStatus, reportsOf, spy, workerWith } from './support.ts';

const instant = () => new SandboxProvider({ latency: { min: 0, max: 0 } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('retries, leases and crash safety', () => {
  test.override({ env: FAST_ENV });

  test('a failed attempt stays PENDING with last_error and a later run_after; the last one is ERROR with SPEC §8', async ({
    app,
    db,
  }) => {
    const { profile } = await personWithReports(db, { documentId: '1020304099', types: ['criminal_records'] });
    const { provider, calls } = spy(instant());
    const worker = workerWith(app, provider, { backoffMs: 150, backoffMaxMs: 10_000, maxAttempts: 3 });

    expect(await worker.runOnce()).toBe(1);
    const [afterOne] = await reportsOf(db, profile.id);
    expect(afterOne).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'sandbox: source unavailable',
      lockedBy: null,
    });
    expect(afterOne!.runAfter.getTime()).toBeGreaterThan(Date.now() + 50);
    expect(await worker.runOnce()).toBe(0); // not due yet

    await worker.drain();
    const [done] = await reportsOf(db, profile.id);
    expect(done).toMatchObject({ status: 'ERROR', attempts: 3, lastError: errorMessage('max_retries_exceeded', 'en') });
    expect(await profileStatus(db, profile.id)).toBe('ERROR');
    // Exponential: the second wait is about twice the first (each at least the base).
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(gaps[0]).toBeGreaterThanOrEqual(140);
    expect(gaps[1]).toBeGreaterThanOrEqual(290);
  });

  test('a transient failure succeeds on the third attempt', async ({ app, db }) => {
    const { profile } = await personWithReports(db, {
      documentId: '1020304098',
      types: ['criminal_records', 'news_search'],
    });
    const { provider, calls } = spy(instant());
    await workerWith(app, provider).drain();
    expect((await reportsOf(db, profile.id)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['COMPLETED', 3, null],
      ['COMPLETED', 3, null],
    ]);
    expect(calls).toHaveLength(6);
    expect(await profileStatus(db, profile.id)).toBe('PASSED');
  });

  test('an expired lease is reclaimed; the stale holder can no longer write', async ({ app, db }) => {
    const { profile } = await personWithReports(db, { documentId: '1020304013', types: ['criminal_records'] });
    // Worker A claims with a short lease and "hangs" (never settles in time).
    const [stale] = await claimReports(db, { workerId: 'worker-a', leaseMs: 100, limit: 10 });
    expect(stale).toMatchObject({ attempt: 1, lockedBy: 'worker-a' });
    // While the lease holds, nobody else gets it.
    expect(await claimReports(db, { workerId: 'worker-b', leaseMs: 60_000, limit: 10 })).toEqual([]);
    await sleep(150);

    const b = workerWith(app, instant());
    await b.drain();
    const [row] = await reportsOf(db, profile.id);
    expect(row).toMatchObject({ status: 'COMPLETED', attempts: 2, lockedBy: null });
    expect(await profileStatus(db, profile.id)).toBe('FAILED');

    // A wakes up and tries to write its (different) result: refused, nothing changes.
    const refused = await settle(db, stale!, { kind: 'result', status: 'ERROR', lastError: 'stale' });
    expect(refused).toBeNull();
    expect((await reportsOf(db, profile.id))[0]).toEqual(row);
    expect(await profileStatus(db, profile.id)).toBe('FAILED');
  });

  test('a lease taken over before expiry by a re-run is refused too (fencing by attempt)', async ({ app, db }) => {
    const { profile, ownerId } = await personWithReports(db, { documentId: '1020304050', types: ['criminal_records'] });
    const [claimed] = await claimReports(db, { workerId: 'worker-a', leaseMs: 50, limit: 1 });
    await sleep(80);
    await app.reports.rerun({ ownerId }, claimed!.id);
    expect(await settle(db, claimed!, { kind: 'result', status: 'COMPLETED' })).toBeNull();
    expect((await reportsOf(db, profile.id))[0]).toMatchObject({ status: 'PENDING', attempts: 0, lockedBy: null });
  });

  test('graceful stop gives in-flight leases back; the next worker finishes them', async ({ app, db }) => {
    const { profile } = await personWithReports(db, { documentId: '1020304050', types: ['criminal_records'] });
    const slow = workerWith(app, new SandboxProvider({ latency: { min: 5000, max: 5000 } }));
    await slow.start();
    for (let i = 0; i < 100 && !(await reportsOf(db, profile.id))[0]!.lockedBy; i++) await sleep(10);
    expect((await reportsOf(db, profile.id))[0]!.lockedBy).toBe(slow.id);
    await slow.stop(0);
    expect((await reportsOf(db, profile.id))[0]).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
    });
    await workerWith(app, instant()).drain();
    expect((await reportsOf(db, profile.id))[0]).toMatchObject({ status: 'COMPLETED', attempts: 1 });
  });

  test('the started worker picks up new work on wake() and stops cleanly', async ({ app, db }) => {
    const worker = workerWith(app, instant(), { pollMs: 60_000 });
    await worker.start();
    const { profile } = await personWithReports(db, { documentId: '1020304050', types: ['news_search'] });
    worker.wake();
    for (let i = 0; i < 200 && (await profileStatus(db, profile.id)) !== 'PASSED'; i++) await sleep(10);
    expect(await profileStatus(db, profile.id)).toBe('PASSED');
    await worker.stop();
    expect(worker.running).toBe(false);
  });
});

describe('batch settlement (group commit)', () => {
  test.override({ env: FAST_ENV });

  test('one transaction writes many attempts, each under its own lease; a stale one writes nothing', async ({ db }) => {
    const a = await personWithReports(db, { documentId: '1020304013', types: ['criminal_records', 'news_search'] });
    const b = await personWithReports(db, { documentId: '1020304050', types: ['criminal_records'] });
    const claimed = await claimReports(db, { workerId: 'w', leaseMs: 60_000, limit: 10 });
    expect(claimed).toHaveLength(3);
    const [aCriminal, aNews] = [
      claimed.find((j) => j.profileId === a.profile.id && j.type === 'criminal_records')!,
      claimed.find((j) => j.type === 'news_search')!,
    ];
    const bJob = claimed.find((j) => j.profileId === b.profile.id)!;
    // b's lease is taken over by a re-run meanwhile: its write must be refused.
    await db.update(reports).set({ attempts: 0, lockedBy: null, lockedUntil: null }).where(eq(reports.id, bJob.id));

    const out = await settleBatch(db, [
      { job: aCriminal, settlement: { kind: 'result', status: 'COMPLETED', findings: [] } },
      { job: aNews, settlement: { kind: 'result', status: 'PENDING_MANUAL_REVIEW', lastError: null } },
      { job: bJob, settlement: { kind: 'result', status: 'ERROR', lastError: 'stale' } },
    ]);
    expect(out.map((s) => s?.status ?? null)).toEqual(['COMPLETED', 'PENDING_MANUAL_REVIEW', null]);
    // Both of a's reports landed before its status was derived (seen together, not one at a time).
    expect(out[0]!.profile).toEqual(out[1]!.profile);
    expect(out[1]!.profile).toMatchObject({ profileId: a.profile.id, status: 'PENDING_MANUAL_REVIEW', changed: true });
    expect(await profileStatus(db, a.profile.id)).toBe('PENDING_MANUAL_REVIEW');
    expect((await reportsOf(db, a.profile.id)).map((r) => [r.status, r.lockedBy, r.completedAt !== null])).toEqual([
      ['COMPLETED', null, true],
      ['PENDING_MANUAL_REVIEW', null, true],
    ]);
    expect((await reportsOf(db, b.profile.id))[0]).toMatchObject({ status: 'PENDING', attempts: 0, lastError: null });
    expect(await profileStatus(db, b.profile.id)).toBe('PENDING');
    // One audit row per written report, none for the stale one.
    const audit = await db
      .select({ entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'report.finished'),
          inArray(
            auditEvents.entityId,
            claimed.map((j) => j.id),
          ),
        ),
      );
    expect(audit.map((r) => r.entityId).sort()).toEqual([aCriminal.id, aNews.id].sort());
  });

  test("a record matched by id fills the profile's crime category and sentencing status, never a reviewer's", async ({
    app,
    db,
  }) => {
    const { profile, ownerId } = await personWithReports(db, { documentId: '1020304013', types: ['criminal_records'] });
    await workerWith(app, instant()).drain();
    const [report] = await reportsOf(db, profile.id);
    const record = report!.findings.find((f) => f.matchedBy === 'id');
    expect(record?.crimeCategory).toBeTruthy();
    const facts = async () =>
      (
        await db
          .select({ c: profiles.crimeCategory, s: profiles.sentencingStatus })
          .from(profiles)
          .where(eq(profiles.id, profile.id))
      )[0];
    expect(await facts()).toEqual({ c: record!.crimeCategory, s: record!.sentencingStatus ?? null });

    // A reviewer corrects the category; a later run of the report leaves their value alone.
    await db.update(profiles).set({ crimeCategory: 'Set by the reviewer' }).where(eq(profiles.id, profile.id));
    await app.reports.rerun({ ownerId }, report!.id);
    await workerWith(app, instant()).drain();
    expect((await facts())!.c).toBe('Set by the reviewer');

    // A name-only match (possible homonym) is not the person's record: nothing is copied.
    const homonym = await personWithReports(db, { documentId: '1020304022', types: ['criminal_records'] });
    await workerWith(app, instant()).drain();
    const [row] = await db
      .select({ c: profiles.crimeCategory })
      .from(profiles)
      .where(eq(profiles.id, homonym.profile.id));
    expect(row!.c).toBeNull();
  });

  test('retries and releases in a batch keep the report PENDING and free', async ({ db }) => {
    const { profile } = await personWithReports(db, {
      documentId: '1020304050',
      types: ['criminal_records', 'news_search'],
    });
    const [first, second] = await claimReports(db, { workerId: 'w', leaseMs: 60_000, limit: 10 });
    const out = await settleBatch(db, [
      { job: first!, settlement: { kind: 'retry', retryInMs: 10_000, lastError: 'busy' } },
      { job: second!, settlement: { kind: 'release' } },
    ]);
    expect(out.map((s) => [s?.status, s?.profile])).toEqual([
      ['PENDING', null],
      ['PENDING', null],
    ]);
    const rows = await reportsOf(db, profile.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(first!.id)).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'busy', lockedBy: null });
    expect(byId.get(first!.id)!.runAfter.getTime()).toBeGreaterThan(Date.now() + 5000);
    expect(byId.get(second!.id)).toMatchObject({ status: 'PENDING', attempts: 0, lockedBy: null });
  });
});

describe('re-runs and the homonym decision', () => {
  test.override({ env: FAST_ENV });

  test('rerun resets an ERROR report to PENDING with attempts 0; refused while running; 404 for another tenant', async ({
    app,
    db,
  }) => {
    const { profile, ownerId } = await personWithReports(db, { documentId: '1020304099', types: ['criminal_records'] });
    await app.reports.drain();
    const [failed] = await reportsOf(db, profile.id);
    expect(failed).toMatchObject({ status: 'ERROR', attempts: 3 });

    const rerun = await app.reports.rerun({ ownerId }, failed!.id);
    expect(rerun.report.status).toBe('PENDING');
    expect(rerun.profile).toMatchObject({ status: 'PENDING', changed: true });
    expect((await reportsOf(db, profile.id))[0]).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      lastError: null,
      findings: [],
    });

    const other = await personWithReports(db, { documentId: '1020304050', types: ['criminal_records'] });
    await expect(app.reports.rerun({ ownerId: other.ownerId }, failed!.id)).rejects.toMatchObject({ statusCode: 404 });

    await claimReports(db, { workerId: 'busy', leaseMs: 60_000, limit: 10 });
    const running = app.reports.rerun({ ownerId }, failed!.id);
    await expect(running).rejects.toBeInstanceOf(ApiError);
    await expect(running).rejects.toMatchObject({ statusCode: 409, code: 'report_running' });
  });

  test('a confirmed homonym clears name-only matches and stays cleared when the report runs again', async ({
    app,
    db,
  }) => {
    const { profile, ownerId } = await personWithReports(db, {
      documentId: '1020304022',
      types: ['criminal_records', 'news_search'],
    });
    await app.reports.drain();
    expect(await profileStatus(db, profile.id)).toBe('PENDING_MANUAL_REVIEW');

    // The reviewer says "not this person" (the profiles API does this), then the status is re-derived.
    const change = await db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ confirmedHomonym: true, manuallyReviewed: true })
        .where(eq(profiles.id, profile.id));
      return refreshProfileStatus(tx, profile.id);
    });
    expect(change).toMatchObject({ status: 'PASSED', changed: true });

    const [criminal] = await reportsOf(db, profile.id);
    await app.reports.rerun({ ownerId }, criminal!.id);
    await app.reports.drain();
    const [again] = await reportsOf(db, profile.id);
    // The source still answers with the name-only record; the decision keeps it out of the status.
    expect(again).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(again!.findings).toHaveLength(1);
    expect(await profileStatus(db, profile.id)).toBe('PASSED');
  });

  test('a pre-candidate stays PRECANDIDATE whatever its reports say', async ({ app, db }) => {
    const { profile } = await personWithReports(db, {
      documentId: '1020304013',
      types: ['criminal_records'],
      overrides: { status: 'PRECANDIDATE' },
    });
    await app.reports.drain();
    expect((await reportsOf(db, profile.id))[0]!.status).toBe('COMPLETED');
    expect(await profileStatus(db, profile.id)).toBe('PRECANDIDATE');
    const [row] = await db.select({ n: reports.id }).from(reports).where(eq(reports.profileId, profile.id));
    expect(row).toBeDefined();
  });
});
