import { eq } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { referenceChecks, references, reports } from '../../src/db/schema/index.ts';
import { enqueueReports } from '../../src/domains/reports/index.ts';
import { subjectOf } from '../../src/domains/reports/subject.ts';
import type { SolAdapters } from '../../src/domains/sol/adapters/types.ts';
import { solQueueFor } from '../../src/domains/sol/index.ts';
import { JobRunner } from '../../src/lib/jobs/index.ts';
import { createProfile } from '../factories.ts';

/** A clock tests move by hand (the Sol worker's `now`). */
export function manualClock(start = new Date()) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms), set: (d: Date) => (t = d.getTime()) };
}

/**
 * A profile of `ownerId` with an employment_references report queued and handed over to Sol. With `at`, the
 * check is dated as if requested then (due at once, 48-hour deadline from then), for tests whose worker
 * clock is a fixed date: the real clock would otherwise put that date in the past and the check expired.
 */
export async function requestSol(app: App, ownerId: string, phone: string, name = 'Ana Gómez', at?: Date) {
  const profile = await createProfile(app.db, ownerId, { phone, name });
  const queued = await app.db.transaction((tx) =>
    enqueueReports(tx, {
      ownerId,
      profileId: profile.id,
      types: ['employment_references'],
      subject: subjectOf(profile),
    }),
  );
  // The report worker hands the report to Sol (the report stays PENDING, parked).
  await app.reports.drain({ timeoutMs: 10_000 });
  const report = queued.created[0]!;
  const [check] = await app.db.select().from(referenceChecks).where(eq(referenceChecks.reportId, report.id));
  if (at) {
    const deadlineMs = check!.deadlineAt.getTime() - check!.createdAt.getTime();
    await app.db
      .update(referenceChecks)
      .set({ createdAt: at, nextRunAt: at, deadlineAt: new Date(at.getTime() + deadlineMs) })
      .where(eq(referenceChecks.id, check!.id));
  }
  return { profile, reportId: report.id, checkId: check!.id };
}

/** A runner of Sol's queue on the app's database, on the test's clock. */
export function solWorker(app: App, clock: { now: () => Date }, adapters?: SolAdapters) {
  return new JobRunner(
    solQueueFor({
      config: app.config,
      database: app.database,
      events: app.events,
      now: clock.now,
      ...(adapters && { adapters }),
    }),
  );
}

export async function checkState(app: App, checkId: string) {
  const [check] = await app.db.select().from(referenceChecks).where(eq(referenceChecks.id, checkId));
  const refs = await app.db.select().from(references).where(eq(references.referenceCheckId, checkId));
  const [report] = check?.reportId ? await app.db.select().from(reports).where(eq(reports.id, check.reportId)) : [];
  return { check: check!, refs: refs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()), report };
}

/** A reference check (of an employment_references report) with one reference and one fraud signal, owned by `ownerId` (authorization matrix fixtures). */
export async function createReferenceCheck(db: App['db'], ownerId: string) {
  const profile = await createProfile(db, ownerId, { phone: '+573001234567' });
  const [report] = await db
    .insert(reports)
    .values({ ownerId, profileId: profile.id, type: 'employment_references', status: 'COMPLETED' })
    .returning();
  const [check] = await db
    .insert(referenceChecks)
    .values({
      ownerId,
      profileId: profile.id,
      reportId: report!.id,
      candidatePhone: '+573001234567',
      deadlineAt: new Date(Date.now() + 48 * 3600_000),
      status: 'completed',
      fraudSignals: [
        {
          id: matrixSignalId(ownerId),
          kind: 'phone_is_candidate',
          level: 'high',
          referenceIds: [],
          params: { phone: '+573001234567' },
          resolvedAt: null,
          resolvedBy: null,
        },
      ],
    })
    .returning();
  const [reference] = await db
    .insert(references)
    .values({
      ownerId,
      referenceCheckId: check!.id,
      name: 'Carolina Méndez',
      phone: '+573005550101',
      relationship: 'Jefa directa',
      recordingPath: 'asset:es-1.ogg',
      transcript: 'Sol: Hola',
    })
    .returning();
  return { check: check!, reference: reference!, reportId: report!.id };
}

/** The fixture's signal id: one per owner, so an own-tenant id never equals another tenant's. */
export const matrixSignalId = (ownerId: string) => `phone_is_candidate-${ownerId}`;
