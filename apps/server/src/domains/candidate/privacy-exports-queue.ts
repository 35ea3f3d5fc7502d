import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacyRequests } from '../../db/schema/index.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import type { JobLog, Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { storageFor, type UploadStorage } from '../uploads/storage.ts';
import { renderExport } from './export-file.ts';
import { exportExpiry, PRIVACY_EXPORTS_CHANNEL } from './requests.ts';

/** A claimed copy to prepare; `attempt` is the fencing token of its settle. */
export type ClaimedExport = { id: string; ownerId: string; profileId: string; locale: string; attempt: number };

/** Tries before a copy is marked failed (the candidate may ask again). */
const MAX_ATTEMPTS = 5;
const LEASE_MS = 120_000;
const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/** Where a request's two files live in upload storage (deleted with the person: profiles/files.ts). */
export const exportKeys = (ownerId: string, id: string) => [
  `${ownerId}/exports/${id}.json`,
  `${ownerId}/exports/${id}.pdf`,
];

async function claimExports(
  db: Db,
  { runnerId, leaseMs, limit }: { runnerId: string; leaseMs: number; limit: number },
) {
  const due = db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.status, 'preparing'),
        or(isNull(privacyRequests.lockedUntil), lt(privacyRequests.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(privacyRequests.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(privacyRequests)
    .set({
      lockedBy: runnerId,
      lockedUntil: sql`now() + ${ms(leaseMs)}`,
      attempts: sql`${privacyRequests.attempts} + 1`,
    })
    .where(inArray(privacyRequests.id, due))
    .returning({
      id: privacyRequests.id,
      ownerId: privacyRequests.ownerId,
      profileId: privacyRequests.profileId,
      locale: privacyRequests.locale,
      attempt: privacyRequests.attempts,
    });
}

/** The lease guard every settle writes under: the runner that claimed this attempt, still holding it. */
const held = (item: ClaimedExport, runnerId: string) =>
  and(
    eq(privacyRequests.id, item.id),
    eq(privacyRequests.lockedBy, runnerId),
    eq(privacyRequests.attempts, item.attempt),
    eq(privacyRequests.status, 'preparing'),
  );

export type ExportQueueOptions = {
  db: Db;
  storage: UploadStorage;
  /** The site's address the PDF's QR code leads to. */
  baseUrl: string;
  pollMs: number;
  log?: JobLog;
};

/** An export request is preparing until ready or failed for good, due since it was made. */
const ledger: QueueLedger = {
  table: privacyRequests,
  where: eq(privacyRequests.kind, 'export'),
  unfinished: eq(privacyRequests.status, 'preparing'),
  dueAt: privacyRequests.createdAt,
  lockedUntil: privacyRequests.lockedUntil,
  attempts: privacyRequests.attempts,
  failed: eq(privacyRequests.status, 'failed'),
};

/**
 * The candidates' copies of their data: a `preparing` export request is the job. The handler
 * renders the JSON and the PDF, stores both, then marks the request ready under its lease; a lost lease
 * (another runner took over) removes what this one stored. A failure backs off and retries, then fails.
 */
export function privacyExportsQueue(o: ExportQueueOptions): Queue<ClaimedExport> {
  return {
    name: 'privacy-exports',
    concurrency: 1,
    leaseMs: LEASE_MS,
    pollMs: o.pollMs,
    channel: PRIVACY_EXPORTS_CHANNEL,
    claim: (opts) => claimExports(o.db, opts),
    run: async (item, { runnerId }) => {
      const keys = exportKeys(item.ownerId, item.id);
      try {
        const files = await renderExport(o.db, {
          profileId: item.profileId,
          ownerId: item.ownerId,
          locale: item.locale as 'en' | 'es' | 'pt',
          baseUrl: o.baseUrl,
        });
        await o.storage.put(keys[0]!, files.json, 'application/json');
        await o.storage.put(keys[1]!, files.pdf, 'application/pdf');
        const now = new Date();
        const settled = await o.db
          .update(privacyRequests)
          .set({
            status: 'ready',
            exportKeys: keys,
            resolvedAt: now,
            expiresAt: exportExpiry(now),
            lockedBy: null,
            lockedUntil: null,
            lastError: null,
          })
          .where(held(item, runnerId))
          .returning({ id: privacyRequests.id });
        if (settled.length === 0) await Promise.all(keys.map((k) => o.storage.delete(k).catch(() => undefined)));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        o.log?.warn({ requestId: item.id, attempt: item.attempt, err: message }, 'privacy export failed');
        const failed = item.attempt >= MAX_ATTEMPTS;
        await o.db
          .update(privacyRequests)
          .set({
            status: failed ? 'failed' : 'preparing',
            lockedBy: null,
            // Back-off: the claim takes a row again once this time has passed.
            lockedUntil: failed ? null : sql`now() + ${ms(5_000 * 2 ** item.attempt)}`,
            lastError: message.slice(0, 500),
          })
          .where(held(item, runnerId));
      }
    },
    ledger,
    nextDueInMs: async () => {
      const [row] = await o.db
        .select({
          wait: sql<number>`greatest(0, extract(epoch from (min(coalesce(${privacyRequests.lockedUntil}, now())) - now())) * 1000)::float8`,
          count: sql<number>`count(*)::int`,
        })
        .from(privacyRequests)
        .where(eq(privacyRequests.status, 'preparing'));
      return row && Number(row.count) > 0 ? Number(row.wait) : null;
    },
  };
}

/** The candidates' copies wired from configuration: kept in upload storage, linked from PUBLIC_URL. */
export function privacyExportsQueueFor({ config, database, log }: QueueDeps): Queue<ClaimedExport> {
  return privacyExportsQueue({
    db: database.db,
    storage: storageFor(config),
    baseUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    pollMs: config.WORKER_POLL_MS,
    log,
  });
}
