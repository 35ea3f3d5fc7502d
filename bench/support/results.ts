/**
 * What a benchmark writes to bench/results/<name>.json: its figures beside the anchors measured in the
 * same run, the targets it was held to, and the host it ran on (this machine is shared and its speed
 * moves, so a figure means little without them). scripts/perf-table.ts renders docs/performance.md from
 * these files; nobody copies a figure by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../apps/server/src/db/client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');

const ZCell = z.union([z.string(), z.number(), z.null()]);

export const ZBenchResult = z.strictObject({
  /** The file's name without .json, and the docs/performance.md marker it fills. */
  bench: z.string().regex(/^[a-z][a-z0-9-]*$/),
  title: z.string().min(1),
  command: z.string().min(1),
  measuredAt: z.iso.datetime(),
  host: z.strictObject({
    cores: z.number().int().positive(),
    cpu: z.string(),
    memoryGb: z.number(),
    /** 1-minute load average when the run started and when it ended: the machine is shared. */
    loadAverage: z.tuple([z.number(), z.number()]),
    node: z.string(),
    commit: z.string(),
    /** Lighthouse's own measure of the host's speed (bench:lighthouse only). */
    benchmarkIndex: z.number().optional(),
  }),
  /** "PostgreSQL 15.14", "PGlite (PostgreSQL 17.5)", several joined by " and ", or null (no database). */
  database: z.string().nullable(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** One line for the overview: the figure and, from the same run, what it is compared with. */
  summary: z.strictObject({ figure: z.string(), anchor: z.string().nullable() }),
  targets: z.array(z.strictObject({ target: z.string(), measured: z.string(), met: z.boolean().nullable() })),
  tables: z.array(z.strictObject({ title: z.string().optional(), rows: z.array(z.record(z.string(), ZCell)).min(1) })),
  notes: z.array(z.string()).default([]),
});

export type BenchResult = z.infer<typeof ZBenchResult>;
export type BenchResultInput = z.input<typeof ZBenchResult>;

function commitOf(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * Call when the run starts (it notes the time and the load), then `write` its result at the end.
 * `write` validates the result, so a bench that forgets a field fails before it leaves a bad file.
 */
export function beginRun(bench: string) {
  const startLoad = loadavg()[0]!;
  return {
    write(
      result: Omit<BenchResultInput, 'bench' | 'measuredAt' | 'host'> & { host?: { benchmarkIndex?: number } },
    ): string {
      const parsed = ZBenchResult.parse({
        ...result,
        bench,
        measuredAt: new Date().toISOString(),
        host: {
          cores: availableParallelism(),
          cpu: cpus()[0]?.model.trim() ?? 'unknown',
          memoryGb: Math.round(totalmem() / 2 ** 30),
          loadAverage: [round(startLoad, 1), round(loadavg()[0]!, 1)],
          node: process.version,
          commit: commitOf(),
          ...result.host,
        },
      });
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `${bench}.json`);
      writeFileSync(file, `${JSON.stringify(parsed, null, 2)}\n`);
      console.log(
        `results written to ${path.relative(process.cwd(), file)} (npm run docs:perf puts them in docs/performance.md)`,
      );
      return file;
    },
  };
}

/** "PostgreSQL 15.14" from `SHOW server_version` ("15.14 (Debian 15.14-0+deb12u1)"). */
export function postgresVersion(serverVersion: string, kind: 'pglite' | 'postgres' = 'postgres'): string {
  const version = serverVersion.split(' ')[0];
  return kind === 'pglite' ? `PGlite (PostgreSQL ${version})` : `PostgreSQL ${version}`;
}

/** The engine and version behind one of the server's databases. */
export async function databaseName(database: Pick<Database, 'db' | 'kind'>): Promise<string> {
  const { rows } = (await database.db.execute(sql`SHOW server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  return postgresVersion(rows[0]!.server_version, database.kind);
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
