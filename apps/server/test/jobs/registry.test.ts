import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildJobs } from '../../src/plugins/jobs/build-jobs.ts';
import { QUEUES, type JobQueueDeps } from '../../src/plugins/jobs/queues.ts';
import { createMetrics } from '../../src/plugins/metrics/registry.ts';
import { describe, expect, test } from '../helper.ts';
import { createTestJobs, testQueue } from './test-queue.ts';

const DOMAINS = path.join(import.meta.dirname, '../../src/domains');

/** Every queue definition in the domains: domains/<d>/<name>-queue.ts. */
const queueFiles = () =>
  readdirSync(DOMAINS, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('-queue.ts'))
    .sort();

/** `watchlist-sync` → `watchlistSync`. */
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe('the queue registry (plugins/jobs/queues.ts)', () => {
  test('every queue file of the domains is listed, under its name, with one naming pattern', async () => {
    const listed = new Map<unknown, string>(Object.entries(QUEUES).map(([name, factory]) => [factory, name]));
    const files = queueFiles();
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      const name = path.basename(file, '-queue.ts');
      const module = (await import(pathToFileURL(path.join(DOMAINS, file)).href)) as Record<string, unknown>;
      // domains/<d>/<name>-queue.ts exports <name>Queue (from options) and <name>QueueFor (from the process's deps).
      expect(typeof module[`${camel(name)}Queue`], `${file} exports ${camel(name)}Queue`).toBe('function');
      const factory = module[`${camel(name)}QueueFor`];
      expect(typeof factory, `${file} exports ${camel(name)}QueueFor`).toBe('function');
      expect(listed.get(factory), `${file}: ${camel(name)}QueueFor is listed in queues.ts as '${name}'`).toBe(name);
      found.push(name);
    }
    // And nothing is listed that has no file of that name.
    expect(Object.keys(QUEUES).toSorted()).toEqual(found.toSorted());
  });

  test("the queue stats read every listed queue's own ledger: a fixture queue shows up", async ({ app }) => {
    await createTestJobs(app.db, ['a', 'b', 'c']);
    const jobs = buildJobs(
      { config: app.config, database: app.database, events: app.events },
      { ...QUEUES, test: ({ database }: JobQueueDeps) => testQueue(database.db, {}) },
    );
    expect(jobs.runners.map((r) => r.queue.name)).toEqual([...Object.keys(QUEUES), 'test']);
    expect(jobs.runner.test.queue.name).toBe('test');

    const text = await createMetrics({ database: app.database, runners: jobs.runners, role: 'worker' }).scrape();
    for (const kind of Object.keys(QUEUES))
      expect(text, kind).toContain(`centinela_job_queue_due{kind="${kind}",role="worker"} 0`);
    expect(text).toContain('centinela_job_queue_due{kind="test",role="worker"} 3');
    expect(text).toContain('centinela_job_queue_attempts{kind="test",role="worker"} 0');

    // Drained by its runner, the fixture's jobs are done: nothing is due any more.
    await jobs.runner.test.drain();
    const after = await createMetrics({ database: app.database, runners: jobs.runners, role: 'worker' }).scrape();
    expect(after).toContain('centinela_job_queue_due{kind="test",role="worker"} 0');
  });

  test('a queue listed under another name than its own is refused', async ({ app }) => {
    expect(() =>
      buildJobs(
        { config: app.config, database: app.database, events: app.events },
        { ...QUEUES, tests: ({ database }: JobQueueDeps) => testQueue(database.db, {}) },
      ),
    ).toThrow(/lists test as tests/);
  });
});
