/**
 * docs/configuration.md lists exactly the environment variables apps/server/src/lib/config.ts reads: no
 * variable added without its row, none documented that the server no longer reads. Part of `npm run lint`.
 *   tsx scripts/check-config-docs.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = 'apps/server/src/lib/config.ts';
const DOC = 'docs/configuration.md';

/** The keys of the `ZConfig = z.object({ … })` schema: its lines that start, two spaces in, with `NAME:`. */
export function configVariables(source: string): string[] {
  const start = source.indexOf('const ZConfig = z.object({');
  if (start < 0) throw new Error(`${CONFIG}: no "const ZConfig = z.object({"`);
  const body = source.slice(start, source.indexOf('\n});', start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** The variables of the doc's tables: rows whose first cell is one `NAME` in backticks. */
export function documentedVariables(markdown: string): string[] {
  return [...markdown.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
}

export function compareVariables(config: string[], documented: string[]) {
  const repeated = documented.filter((name, i) => documented.indexOf(name) !== i);
  return {
    undocumented: config.filter((name) => !documented.includes(name)),
    unknown: documented.filter((name) => !config.includes(name)),
    repeated: [...new Set(repeated)],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = configVariables(readFileSync(path.join(ROOT, CONFIG), 'utf8'));
  const { undocumented, unknown, repeated } = compareVariables(
    config,
    documentedVariables(readFileSync(path.join(ROOT, DOC), 'utf8')),
  );
  const problems = [
    ...undocumented.map((name) => `${name} is read by ${CONFIG} but has no row in ${DOC}`),
    ...unknown.map((name) => `${name} has a row in ${DOC} but ${CONFIG} does not read it`),
    ...repeated.map((name) => `${name} has more than one row in ${DOC}`),
  ];
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`config docs: ${config.length} variables, one row each in ${DOC}`);
}
