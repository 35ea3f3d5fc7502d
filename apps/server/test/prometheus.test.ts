import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { QUEUES } from '../src/plugins/jobs/queues.ts';
import { createOwner } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { personWithReports } from './reports/support.ts';
import { freshDatabase } from './database.ts';
import { startNode, until, type Child } from './support/processes.ts';

const TOKEN = 'scrape-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

async function scrape(app: App, headers: Record<string, string> = auth) {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/**
 * The value of one series, or undefined: `series` is written as in the exposition (`name{a="1",b="2"}`),
 * its labels in any order; `role="api"` (the default label every series carries) is implied.
 */
function value(text: string, series: string): number | undefined {
  const key = (s: string) => {
    const [, name, labels = ''] = /^([a-z_:][\w:]*)(?:\{(.*)\})?$/i.exec(s) ?? [];
    const pairs = (labels.match(/\w+="[^"]*"/g) ?? []).filter((p) => p !== 'role="api"').sort();
    return `${name}{${pairs.join(',')}}`;
  };
  const wanted = key(series);
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line) continue;
    const at = line.lastIndexOf(' ');
    if (key(line.slice(0, at)) === wanted) return Number(line.slice(at + 1));
  }
  return undefined;
}

const liveCount = 'http_request_duration_seconds_count{method="GET",route="/api/health/live",status_code="200"}';

describe('/metrics', () => {
  test('is off unless configured: 404 with { code, message }', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  describe('with METRICS_TOKEN', () => {
    test.override({ env: { METRICS_TOKEN: TOKEN } });

    test('refuses a scrape without the token, or with another, with 401 in the caller’s language', async ({ app }) => {
      const none = await app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-language': 'es' } });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      const english = await app.inject({ method: 'GET', url: '/metrics' });
      expect(none.json()).toEqual({ code: 'unauthenticated', message: expect.any(String) });
      expect(none.json().message).not.toBe(english.json().message);
      const wrong = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain('http_request_duration_seconds');
    });

    test('request histograms move by route pattern and status between two scrapes', async ({ app }) => {
      const first = await scrape(app);
      expect(first).toContain('# TYPE http_request_duration_seconds histogram');
      const before = value(first, liveCount) ?? 0;
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health/live' });
      // A parameterised route is labelled by its pattern, never by the raw URL (one series, not one per id).
      const id = '00000000-0000-4000-8000-000000000001';
      await app.inject({ method: 'GET', url: `/api/v1/profiles/${id}` });
      await app.inject({ method: 'GET', url: '/api/no-such-route' });
      const second = await scrape(app);
      expect(value(second, liveCount)).toBe(before + 3);
      expect(
        value(
          second,
          'http_request_duration_seconds_count{method="GET",route="/api/v1/profiles/:id",status_code="401"}',
        ),
      ).toBe(1);
      expect(
        value(second, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
      ).toBe(1);
      expect(second).not.toContain(id);
      expect(second).not.toContain('no-such-route');
      // The scrape itself is the one request in flight while it is answered.
      expect(value(second, 'http_requests_in_flight')).toBe(1);
      expect(value(second, 'socketio_connections')).toBe(0);
      expect(value(second, 'centinela_draining')).toBe(0);
      // prom-client's defaults: memory and event-loop lag.
      expect(value(second, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(value(second, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    });

    test('job queues per kind and watch-list sync age come from the tables', async ({ app, db }) => {
      const empty = await scrape(app);
      // Every queue of the registry (plugins/jobs/queues.ts) has a runner, and its series from the first scrape.
      const kinds = app.jobs.runners.map((r) => r.queue.name);
      expect(kinds).toEqual(Object.keys(QUEUES));
      expect(kinds.toSorted()).toEqual(
        ['csv', 'privacy-exports', 'reports', 'sol', 'watchlist-monitor', 'watchlist-sync', 'webhooks'].toSorted(),
      );
      for (const kind of kinds) expect(value(empty, `centinela_job_queue_due{kind="${kind}"}`), kind).toBe(0);

      const { id: ownerId } = await createOwner(db);
      await personWithReports(db, { ownerId, documentId: '1020300050', types: ['criminal_records', 'news_search'] });
      // One of them was due an hour ago and has been tried twice; one failed for good.
      await db.execute(sql`update report set run_after = now() - interval '1 hour', attempts = 2
        where id = (select id from report order by id limit 1)`);
      await personWithReports(db, { ownerId, documentId: '1020300150', types: ['criminal_records'] });
      await db.execute(sql`update report set status = 'ERROR' where profile_id = (
        select id from profile where document_id = '1020300150')`);
      await db.execute(
        sql`insert into watchlist_source (id, checked_at) values ('ofac_sdn', now() - interval '2 hours')`,
      );

      const text = await scrape(app);
      expect(value(text, 'centinela_job_queue_due{kind="reports"}')).toBe(2);
      expect(value(text, 'centinela_job_queue_running{kind="reports"}')).toBe(0);
      expect(value(text, 'centinela_job_queue_attempts{kind="reports"}')).toBe(2);
      expect(value(text, 'centinela_job_queue_failed{kind="reports"}')).toBe(1);
      expect(value(text, 'centinela_job_queue_oldest_due_age_seconds{kind="reports"}')).toBeGreaterThan(3500);
      expect(value(text, 'centinela_watchlist_sync_age_seconds{source="ofac_sdn"}')).toBeGreaterThan(7000);

      // A claimed report counts as running, not due.
      await db.execute(sql`update report set locked_by = 'test', locked_until = now() + interval '1 minute'
        where id = (select id from report where status = 'PENDING' order by id limit 1)`);
      const claimed = await scrape(app);
      expect(value(claimed, 'centinela_job_queue_due{kind="reports"}')).toBe(1);
      expect(value(claimed, 'centinela_job_queue_running{kind="reports"}')).toBe(1);
    });

    test('the database pool where the driver exposes it (PostgreSQL)', async ({ app, skip }) => {
      if (app.database.kind !== 'postgres') return skip('PGlite has one session, no pool');
      const text = await scrape(app);
      expect(value(text, 'centinela_db_pool_max')).toBe(4);
      expect(value(text, 'centinela_db_pool_waiting')).toBe(0);
      expect(value(text, 'centinela_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    });
  });

  describe('with METRICS_ALLOW_CIDRS', () => {
    // Production: the app trusts X-Forwarded-For for everything else (rate limits, audit), not for this.
    test.override({
      env: { METRICS_ALLOW_CIDRS: '10.0.0.0/8, ::1', NODE_ENV: 'production', PUBLIC_URL: 'https://centinela.test' },
    });

    test('answers an allowed network and hides from the others (404)', async ({ app }) => {
      const at = (remoteAddress: string) => app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect((await at('10.20.30.40')).statusCode).toBe(200);
      expect((await at('::ffff:10.1.1.1')).statusCode).toBe(200);
      expect((await at('::1')).statusCode).toBe(200);
      const outside = await at('192.168.1.10');
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ code: 'not_found', message: expect.any(String) });
      // A forwarded-for header names no one in: the connection's own address is what counts.
      const forged = await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '192.168.1.10',
        headers: { 'x-forwarded-for': '10.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
    });
  });

  describe('with both', () => {
    test.override({ env: { METRICS_ALLOW_CIDRS: '127.0.0.0/8', METRICS_TOKEN: TOKEN } });

    test('both are required', async ({ app }) => {
      const at = (remoteAddress: string, headers: Record<string, string>) =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      expect((await at('127.0.0.1', auth)).statusCode).toBe(200);
      expect((await at('127.0.0.1', {})).statusCode).toBe(401);
      expect((await at('10.0.0.1', auth)).statusCode).toBe(404);
    });
  });

  test(
    'the worker process serves its own, guarded the same way (METRICS_PORT)',
    { timeout: 240_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      if (!fresh.url) await fresh.database.close();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-metrics-'));
      let worker: Child | undefined;
      try {
        worker = startNode('apps/server/src/worker.ts', {
          ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
          HOST: '127.0.0.1',
          METRICS_PORT: '0',
          METRICS_TOKEN: TOKEN,
          WATCHLIST_SYNC: 'false',
          LOG_LEVEL: 'info',
        });
        const running = worker;
        const listening = () =>
          running.lines().find((l) => l.msg === 'worker metrics listening') as { port?: number } | undefined;
        await until(() => listening() !== undefined, 'the worker metrics listener', running);
        const url = `http://127.0.0.1:${listening()!.port}/metrics`;
        const refused = await fetch(url, { headers: { 'accept-language': 'es' } });
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ code: 'unauthenticated', message: expect.any(String) });
        expect((await fetch(`${url}/../other`)).status).toBe(404);
        const text = await (await fetch(url, { headers: auth })).text();
        const worker_ = (series: string) => {
          const line = text.split('\n').find((l) => l.startsWith(series));
          return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
        };
        expect(worker_('centinela_jobs_in_flight{kind="reports",role="worker"}')).toBe(0);
        expect(worker_('centinela_job_queue_due{kind="reports",role="worker"}')).toBe(0);
        expect(worker_('process_resident_memory_bytes{role="worker"}')).toBeGreaterThan(0);
        running.kill('SIGTERM');
        expect(await running.exited).toBe(0);
        worker = undefined;
      } finally {
        worker?.kill('SIGKILL');
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
