import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const CONFIG = path.join(root, '.dependency-cruiser.mjs');
const BIN = path.join(root, 'node_modules/.bin/depcruise');
// A tree shaped like the server's (apps/server/src/…) in which domain ping and domain pong import each other
// through different files, and a domain and the database layer import upward.
const FIXTURE = path.join(root, 'scripts/__fixtures__/lint/domain-cycle');

/**
 * Runs dependency-cruiser exactly as `npm run lint` does, from `cwd`: its exit code (the number of errors) and
 * the first line of each violation it prints ("rule: from → to", a circle's first step for a folder rule).
 */
async function cruise(cwd: string): Promise<{ errors: number; violations: string[] }> {
  const run = await promisify(execFile)(process.execPath, [BIN, '--config', CONFIG, 'apps/server/src'], {
    cwd,
  }).then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error: { code?: number; stdout?: string }) => ({ stdout: error.stdout ?? '', code: error.code ?? -1 }),
  );
  const violations = [...run.stdout.matchAll(/^\s*error ([\w-]+): (\S+) →\s*(\S+)/gm)]
    .map(([, rule, from, to]) => `${rule}: ${from} → ${to}`)
    .sort();
  return { errors: Number(run.code), violations };
}

// Cruising the whole server parses ~360 modules: seconds on a busy machine; time is not what is checked.
const BUDGET = 120_000;

test(
  'a circle between two domains and upward imports fail the domain rules',
  async () => {
    const { errors, violations } = await cruise(FIXTURE);
    expect(errors).toBe(4);
    expect(violations).toEqual([
      'db-imports-upward: apps/server/src/db/schema.ts → apps/server/src/domains/ping/rules.ts',
      'domain-cycle: apps/server/src/domains/ping → apps/server/src/domains/pong',
      'domain-cycle: apps/server/src/domains/pong → apps/server/src/domains/ping',
      'domain-imports-upward: apps/server/src/domains/pong/answer.ts → apps/server/src/routes/pong.ts',
    ]);
  },
  BUDGET,
);

test(
  'the server itself has no circle between domains and no upward import',
  async () => {
    expect(await cruise(root)).toEqual({ errors: 0, violations: [] });
  },
  BUDGET,
);
