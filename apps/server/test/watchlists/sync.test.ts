import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { TListVersionsResponse } from '@centinela/shared';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/db/client.ts';
import { watchlistSources } from '../../src/db/schema/index.ts';
import { afterAll } from 'vitest';
import { describe, expect, test } from '../helper.ts';
import { badOfacFiles } from './bad-files.ts';
import { startPublisher } from './fake-publisher.ts';
import { listHealth, staffSignedIn } from './lists.ts';
import { OFAC_MARCH, OFAC_MAY, readBytes, scratchDir } from './support.ts';

const files = await scratchDir();
const localFile = files.path('sdn.csv');
const publisher = await startPublisher();
afterAll(() => publisher.close());
const [march, may, bad] = await Promise.all([readBytes(OFAC_MARCH), readBytes(OFAC_MAY), badOfacFiles()]);

/** Staff ask for a sync now (POST …/sync, 202), and the sync runner does what is due. */
async function syncNow(app: App, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/watchlists/sources/ofac-sdn/sync', headers });
  expect(response.statusCode, response.body).toBe(202);
  await app.jobs.runner['watchlist-sync'].runDue();
}

async function ofacVersions(app: App, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/watchlists/versions?source=ofac-sdn', headers });
  return response
    .json<TListVersionsResponse>()
    .versions.map((v) => ({ seq: v.seq, origin: v.origin, current: v.current }));
}

const sourceRow = async (db: Db) =>
  (await db.select().from(watchlistSources).where(eq(watchlistSources.id, 'ofac-sdn')))[0]!;

const RETRY_BASE_MS = 5 * 60_000;
const SYNC_EVERY_MS = 6 * 3600_000;

/** The source's next sync is a retry with back-off: after its n-th failure, 5 minutes doubling (+10% jitter), never later than its interval. */
async function expectRetry(db: Db, what: string) {
  const { attempts } = await sourceRow(db);
  const result = await db.execute(
    sql`select extract(epoch from next_sync_at - now()) * 1000 as ms from watchlist_source where id = 'ofac-sdn'`,
  );
  const inMs = Number((result as unknown as { rows: { ms: number }[] }).rows[0]!.ms);
  expect(attempts, what).toBeGreaterThan(0);
  expect(inMs, what).toBeGreaterThan(0);
  expect(inMs, what).toBeLessThanOrEqual(Math.min(SYNC_EVERY_MS, RETRY_BASE_MS * 2 ** (attempts - 1)) * 1.1);
}

/**
 * Each bad file, as the sync gets it (`put` makes it the next download), keeps the current version and
 * records why on the source; the sync is retried soon rather than after the regular interval.
 */
async function refusesEachBadFile(app: App, headers: Record<string, string>, put: (bytes: Buffer) => Promise<void>) {
  for (const [n, file] of bad.entries()) {
    await put(file.bytes);
    await syncNow(app, headers);
    const health = await listHealth(app, headers, 'ofac-sdn');
    expect(health.lastError, file.name).toEqual({
      at: expect.any(String),
      code: file.code,
      message: expect.stringMatching(file.message),
    });
    expect(health.syncs24h).toEqual({ total: 1 + (n + 1), failed: n + 1 });
    expect(health.current).toMatchObject({ seq: 1, entries: 14466 });
    expect((await sourceRow(app.db)).attempts).toBe(n + 1);
    await expectRetry(app.db, file.name);
  }
  expect(await ofacVersions(app, headers)).toEqual([{ seq: 1, origin: 'download', current: true }]);
}

describe('the sync from a file:// URL', () => {
  test.override({ env: { WATCHLIST_OFAC_SDN_URL: pathToFileURL(localFile).href } });

  test(
    'loads the file as a version, refuses each bad file keeping it, then loads the newer list',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      const put = (bytes: Buffer) => writeFile(localFile, bytes);
      await put(march);
      await syncNow(app, staff.headers);
      expect(await ofacVersions(app, staff.headers)).toEqual([{ seq: 1, origin: 'download', current: true }]);

      await refusesEachBadFile(app, staff.headers, put);

      await put(may);
      await syncNow(app, staff.headers);
      expect(await ofacVersions(app, staff.headers)).toEqual([
        { seq: 2, origin: 'download', current: true },
        { seq: 1, origin: 'download', current: false },
      ]);
      const health = await listHealth(app, staff.headers, 'ofac-sdn');
      expect(health).toMatchObject({ lastError: null, current: { seq: 2, added: 514, removed: 15, changed: 11 } });
      expect((await sourceRow(app.db)).attempts).toBe(0);
    },
  );
});

describe('the sync from a file:// URL that names no file', () => {
  test.override({ env: { WATCHLIST_OFAC_SDN_URL: pathToFileURL(files.path('missing.csv')).href } });

  test('is a failed download, recorded on the source and retried', async ({ app }) => {
    const staff = await staffSignedIn(app);
    await syncNow(app, staff.headers);
    const health = await listHealth(app, staff.headers, 'ofac-sdn');
    expect(health).toMatchObject({
      current: null,
      lastError: { code: 'download', message: expect.stringMatching(/ENOENT/) },
      syncs24h: { total: 1, failed: 1 },
    });
    await expectRetry(app.db, 'missing file');
  });
});

describe('the sync from the publisher over HTTP', () => {
  test.override({ env: { WATCHLIST_OFAC_SDN_URL: publisher.url } });

  test(
    'conditional: an unchanged list is a 304 that keeps the version and confirms the data as current',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      publisher.answer({ kind: 'file', bytes: march });
      await syncNow(app, staff.headers);
      const first = await sourceRow(app.db);
      expect(first.etag).toMatch(/^".+"$/);
      expect(first.checkedAt).not.toBeNull();

      await syncNow(app, staff.headers);
      expect(publisher.requests.at(-1)).toMatchObject({ status: 304, headers: { 'if-none-match': first.etag } });
      const second = await sourceRow(app.db);
      expect(second.checkedAt!.getTime()).toBeGreaterThan(first.checkedAt!.getTime());
      expect(second).toMatchObject({
        etag: first.etag,
        currentVersionId: first.currentVersionId,
        attempts: 0,
        lastErrorCode: null,
      });
      expect(await ofacVersions(app, staff.headers)).toEqual([{ seq: 1, origin: 'download', current: true }]);
    },
  );

  test(
    'a 500, a dropped connection and each bad file keep the version, are recorded and retried',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      publisher.answer({ kind: 'file', bytes: march });
      await syncNow(app, staff.headers);

      await refusesEachBadFile(app, staff.headers, async (bytes) => publisher.answer({ kind: 'file', bytes }));
      const failed = bad.length;
      // A body that ends early, cleanly, is a truncated list; one whose connection drops is a failed download.
      publisher.answer({ kind: 'cut', bytes: may, sent: may.length / 2, how: 'end' });
      await syncNow(app, staff.headers);
      expect((await listHealth(app, staff.headers, 'ofac-sdn')).lastError).toMatchObject({ code: 'truncated' });
      publisher.answer({ kind: 'cut', bytes: may, sent: may.length / 2, how: 'drop' });
      await syncNow(app, staff.headers);
      expect((await listHealth(app, staff.headers, 'ofac-sdn')).lastError).toMatchObject({
        code: 'download',
        message: expect.stringContaining(publisher.url),
      });
      publisher.answer({ kind: 'error', status: 500 });
      await syncNow(app, staff.headers);
      const health = await listHealth(app, staff.headers, 'ofac-sdn');
      expect(health.lastError).toEqual({
        at: expect.any(String),
        code: 'download',
        message: `${publisher.url} answered 500`,
      });
      expect(health.syncs24h).toEqual({ total: 1 + failed + 3, failed: failed + 3 });
      expect(health.current).toMatchObject({ seq: 1, entries: 14466 });
      expect((await sourceRow(app.db)).attempts).toBe(failed + 3);
      await expectRetry(app.db, '500');

      // The retry finds the publisher well again: the newer list loads and the back-off is reset.
      publisher.answer({ kind: 'file', bytes: may });
      await syncNow(app, staff.headers);
      expect(await listHealth(app, staff.headers, 'ofac-sdn')).toMatchObject({
        lastError: null,
        current: { seq: 2, added: 514 },
      });
      expect(await sourceRow(app.db)).toMatchObject({ attempts: 0, lockedBy: null });
    },
  );
});
