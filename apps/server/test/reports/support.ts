import { asc, eq } from 'drizzle-orm';
import { reportTypesFor, type Country, type ReportType } from '@centinela/shared';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/db/client.ts';
import { profiles, reports } from '../../src/db/schema/index.ts';
import type { DomainEvent } from '../../src/kernel/index.ts';
import { enqueueReports } from '../../src/domains/reports/index.ts';
import type { ReportProvider } from '../../src/domains/reports/provider.ts';
import { subjectOf } from '../../src/domains/reports/subject.ts';
import { reportsQueue, type ReportQueueOptions } from '../../src/domains/reports/reports-queue.ts';
import { JobRunner } from '../../src/lib/jobs/index.ts';
import { createOwner, createProfile } from '../factories.ts';

/** Fast retries and an instant sandbox, so a whole retry cycle takes milliseconds. */
export const FAST_ENV = {
  SANDBOX_LATENCY_MS: '0',
  REPORT_BACKOFF_MS: '5',
  REPORT_BACKOFF_MAX_MS: '40',
  REPORT_MAX_ATTEMPTS: '3',
};

/** A Colombian person with every input any Colombian report needs, and all its reports queued. */
export async function personWithReports(
  db: Db,
  opts: {
    ownerId?: string;
    documentId: string;
    country?: Country;
    types?: ReportType[];
    overrides?: Partial<typeof profiles.$inferInsert>;
  },
) {
  const ownerId = opts.ownerId ?? (await createOwner(db)).id;
  const country = opts.country ?? 'co';
  const profile = await createProfile(db, ownerId, {
    country,
    documentId: opts.documentId,
    birthDate: '1990-04-12',
    phone: '+573001234567',
    email: 'ana@example.com',
    state: 'Antioquia',
    inputs: { issueDate: '2008-05-02' },
    ...opts.overrides,
  });
  const types = opts.types ?? reportTypesFor(country);
  const queued = await db.transaction((tx) =>
    enqueueReports(tx, { ownerId, profileId: profile.id, types, subject: subjectOf(profile) }),
  );
  return { ownerId, profile, types, queued };
}

export async function reportsOf(db: Db, profileId: string) {
  return db.select().from(reports).where(eq(reports.profileId, profileId)).orderBy(asc(reports.type));
}

export async function profileStatus(db: Db, profileId: string) {
  const [row] = await db.select({ status: profiles.status }).from(profiles).where(eq(profiles.id, profileId));
  return row?.status;
}

export function recordEvents(app: App): DomainEvent[] {
  const seen: DomainEvent[] = [];
  app.events.subscribe((e) => seen.push(e));
  return seen;
}

/** A runner of the reports queue on the app's database, with a provider of the test's choosing. */
export function workerWith(app: App, provider: ReportProvider, overrides: Partial<ReportQueueOptions> = {}) {
  const queue = reportsQueue({
    db: app.db,
    provider,
    events: app.events,
    concurrency: app.database.kind === 'postgres' ? 4 : 1,
    pollMs: 20,
    leaseMs: 60_000,
    maxAttempts: 3,
    backoffMs: 5,
    backoffMaxMs: 40,
    ...overrides,
  });
  return new JobRunner(queue);
}

/** Wraps a provider to count and time its calls. */
export function spy(inner: ReportProvider) {
  const calls: { type: ReportType; documentId: string; attempt: number; at: number }[] = [];
  const provider: ReportProvider = {
    run: (type, subject, signal, context) => {
      calls.push({ type, documentId: subject.documentId, attempt: context?.attempt ?? 0, at: Date.now() });
      return inner.run(type, subject, signal, context);
    },
  };
  return { provider, calls };
}
