import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMigrationSafety, FIRST_CHECKED } from '../check-migration-safety.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function migrations(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'centinela-migrations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const n = (i: number) => String(FIRST_CHECKED + i).padStart(4, '0');

describe('check-migration-safety (expand/contract)', () => {
  it("passes the project's own migrations", () => {
    expect(checkMigrationSafety(path.join(root, 'apps/server/src/db/migrations'))).toEqual([]);
  });

  it('lets expand steps through', () => {
    const d = migrations({
      [`${n(0)}_expand.sql`]: [
        'CREATE TABLE "thing" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);',
        '--> statement-breakpoint',
        'ALTER TABLE "profile" ADD COLUMN "nickname" text;',
        '--> statement-breakpoint',
        'ALTER TABLE "profile" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;',
        '--> statement-breakpoint',
        'CREATE INDEX "thing_name_idx" ON "thing" ("name");',
        '--> statement-breakpoint',
        'ALTER TYPE "report_status" ADD VALUE \'ARCHIVED\';',
      ].join('\n'),
    });
    expect(checkMigrationSafety(d)).toEqual([]);
  });

  it('refuses each step the previous release cannot run against, unless marked as a contract step', () => {
    const d = migrations({
      '0004_old_drop.sql': 'ALTER TABLE "api_key" DROP COLUMN "legacy";', // before the rule: not checked
      [`${n(0)}_bad.sql`]: [
        'ALTER TABLE "profile" DROP COLUMN "nickname";',
        'DROP TABLE "thing";',
        'ALTER TABLE "profile" RENAME COLUMN "name" TO "full_name";',
        'ALTER TABLE "thing" RENAME TO "things";',
        'ALTER TABLE "profile" ALTER COLUMN "score" SET DATA TYPE bigint;',
        'ALTER TABLE "profile" ALTER COLUMN "email" SET NOT NULL;',
        'ALTER TABLE "profile" ADD COLUMN "rank" integer NOT NULL;',
      ].join('\n--> statement-breakpoint\n'),
      [`${n(1)}_contract.sql`]: [
        '-- contract: release 2027.02 (2027.01 stopped reading profile.nickname)',
        'ALTER TABLE "profile" DROP COLUMN "nickname";',
      ].join('\n'),
    });
    expect(checkMigrationSafety(d).map((p) => `${p.file}: ${p.why}`)).toEqual([
      `${n(0)}_bad.sql: drops a column`,
      `${n(0)}_bad.sql: drops a table`,
      `${n(0)}_bad.sql: renames a column`,
      `${n(0)}_bad.sql: renames a table`,
      `${n(0)}_bad.sql: changes a column's type`,
      `${n(0)}_bad.sql: makes a column NOT NULL`,
      `${n(0)}_bad.sql: adds a NOT NULL column without a default`,
    ]);
  });

  it('fails the command (and so npm run lint) on a bad migration', () => {
    const d = migrations({ [`${n(0)}_bad.sql`]: 'ALTER TABLE "profile" DROP COLUMN "email";' });
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-migration-safety.ts', d], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${n(0)}_bad.sql: drops a column`);
    const good = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-migration-safety.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(good.status, good.stderr).toBe(0);
  });
});
