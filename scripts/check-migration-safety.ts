/**
 * Expand, then contract: during a rolling deploy the previous release keeps serving on the
 * schema the new one migrated, so a migration may only add — tables, nullable columns, columns with a
 * default, indexes, values. A step that breaks the previous release's queries (dropping or renaming a
 * table or column, changing a column's type, making one NOT NULL, adding a NOT NULL column without a
 * default) belongs to a later release, once no running release reads what it removes, and must say so
 * on a line of its own:
 *
 *   -- contract: release 2027.02 (2027.01 stopped reading profile.legacy_code)
 *
 * Migrations up to FIRST_CHECKED - 1 predate the rule. Usage: tsx scripts/check-migration-safety.ts [dir]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first migration the rule applies to (0000–0014 were written before it). */
export const FIRST_CHECKED = 15;

const CONTRACT_MARK = /^--\s*contract:\s*release\s+\S+/im;

const RULES: { test: (statement: string) => boolean; why: string }[] = [
  { test: (s) => /\bdrop\s+table\b/i.test(s), why: 'drops a table' },
  { test: (s) => /\bdrop\s+column\b/i.test(s), why: 'drops a column' },
  { test: (s) => /\brename\s+column\b/i.test(s), why: 'renames a column' },
  { test: (s) => /\balter\s+table\b[\s\S]*\brename\s+to\b/i.test(s), why: 'renames a table' },
  { test: (s) => /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i.test(s), why: "changes a column's type" },
  { test: (s) => /\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i.test(s), why: 'makes a column NOT NULL' },
  { test: (s) => /\bdrop\s+type\b/i.test(s), why: 'drops a type' },
  { test: (s) => /\balter\s+type\b[\s\S]*\brename\b/i.test(s), why: 'renames a type or its value' },
  {
    test: (s) =>
      /\balter\s+table\b/i.test(s) &&
      s
        .split(/,\s*(?=add\s+column\b)/i)
        .some(
          (clause) =>
            /\badd\s+column\b/i.test(clause) && /\bnot\s+null\b/i.test(clause) && !/\bdefault\b/i.test(clause),
        ),
    why: 'adds a NOT NULL column without a default',
  },
];

/** The statements of a migration file, comments out (drizzle-kit separates them with `--> statement-breakpoint`). */
function statements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export type Problem = { file: string; statement: string; why: string };

/** The contract steps in migrations from FIRST_CHECKED on that do not name the release they belong to. */
export function checkMigrationSafety(dir: string, firstChecked = FIRST_CHECKED): Problem[] {
  const problems: Problem[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()) {
    if (Number(file.slice(0, 4)) < firstChecked) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (CONTRACT_MARK.test(text)) continue;
    for (const statement of statements(text))
      for (const rule of RULES) if (rule.test(statement)) problems.push({ file, statement, why: rule.why });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? path.resolve(import.meta.dirname, '../apps/server/src/db/migrations');
  const problems = checkMigrationSafety(dir);
  for (const p of problems) console.error(`${p.file}: ${p.why}: ${p.statement.slice(0, 160)}`);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} step(s) the previous release cannot run against (expand/contract, docs/operations.md#migrations).\n` +
        'Split it: add now, remove in a later release, and mark that later file with "-- contract: release <name> (why)".',
    );
    process.exit(1);
  }
  console.log('migrations: expand-only (or marked contract steps)');
}
