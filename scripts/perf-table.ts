/**
 * Renders docs/performance.md's measured figures from bench/results/*.json, which each `npm run bench:*`
 * writes itself (bench/support/results.ts): figures are never copied by hand. The tables sit between
 * marker comments — `<!-- perf:summary:start -->` … `<!-- perf:summary:end -->` and one pair per bench,
 * named after its npm script (`bench:csv` → `perf:csv`); everything else in the file is prose.
 * docs/performance.md must hold every bench's pair; another page of docs/ may hold the pairs of the
 * benches it talks about (docs/watchlists.md: `perf:watchlists`), rendered the same way.
 *   npm run docs:perf                         rewrite the tables
 *   tsx scripts/perf-table.ts --check         exit 1 when a file differs from what the results say (npm run lint)
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZBenchResult, type BenchResult } from '../bench/support/results.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DOC = path.join(ROOT, 'docs/performance.md');
export const RESULTS = path.join(ROOT, 'bench/results');

const marker = (name: string, end: 'start' | 'end') => `<!-- perf:${name}:${end} -->`;

/** The benches the doc must cover: every `bench:<name>` script of the root package.json. */
export function benchNames(packageJson: string): string[] {
  const scripts = (JSON.parse(packageJson) as { scripts?: Record<string, string> }).scripts ?? {};
  return Object.keys(scripts)
    .filter((s) => s.startsWith('bench:'))
    .map((s) => s.slice('bench:'.length));
}

/** Every results file, validated; a file that does not parse names itself. */
export function readResults(dir: string): Map<string, BenchResult> {
  const results = new Map<string, BenchResult>();
  if (!existsSync(dir)) return results;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = ZBenchResult.safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    if (!parsed.success)
      throw new Error(
        `${path.join('bench/results', file)}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    if (`${parsed.data.bench}.json` !== file)
      throw new Error(`bench/results/${file} says it is "${parsed.data.bench}"`);
    results.set(parsed.data.bench, parsed.data);
  }
  return results;
}

const cell = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '—' : String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(rows: Record<string, string | number | null>[]): string[] {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(' | ')} |`),
  ];
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? '✓' : '✗');

function hostLine(r: BenchResult): string {
  const h = r.host;
  const index = h.benchmarkIndex === undefined ? '' : `, Lighthouse benchmarkIndex ${h.benchmarkIndex}`;
  return `${h.cores} cores (${h.cpu}), ${h.memoryGb} GB, load ${h.loadAverage[0]} → ${h.loadAverage[1]}${index}; Node ${h.node}; commit ${h.commit}`;
}

export function renderSummary(names: string[], results: Map<string, BenchResult>): string[] {
  const rows = names.map((name) => {
    const r = results.get(name);
    if (!r)
      return {
        bench: `\`bench:${name}\``,
        measured: 'not measured',
        figure: 'not measured',
        'anchor (same run)': null,
        targets: null,
      };
    return {
      bench: `\`bench:${name}\``,
      measured: `${r.measuredAt.slice(0, 10)}, load ${r.host.loadAverage[0]}`,
      figure: r.summary.figure,
      'anchor (same run)': r.summary.anchor,
      targets: r.targets.length
        ? r.targets.map((t) => `${t.target}: ${verdict(t.met)} (${t.measured})`).join('; ')
        : 'none stated',
    };
  });
  return table(rows);
}

export function renderBench(name: string, r: BenchResult | undefined): string[] {
  if (!r) return [`Not measured: there is no \`bench/results/${name}.json\` (run \`npm run bench:${name}\`).`];
  const settings = Object.entries(r.settings)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const lines = [
    `${r.title}. \`${r.command}\`, measured ${when(r.measuredAt)} on ${hostLine(r)}; database: ${r.database ?? 'none'}; settings: ${settings || 'defaults'}.`,
  ];
  for (const t of r.tables) lines.push('', ...(t.title ? [`${t.title}:`, ''] : []), ...table(t.rows));
  if (r.targets.length)
    lines.push('', ...table(r.targets.map((t) => ({ target: t.target, measured: t.measured, met: verdict(t.met) }))));
  for (const note of r.notes) lines.push('', note);
  return lines;
}

/** Wraps generated lines so the repository-wide formatter leaves them as written (the check compares bytes). */
const generated = (lines: string[]) => ['<!-- prettier-ignore-start -->', ...lines, '<!-- prettier-ignore-end -->'];

const startMarkers = (doc: string) => [...doc.matchAll(/<!-- perf:([a-z0-9-]+):start -->/g)].map((m) => m[1]!);

/**
 * `doc` with every marked region replaced by what the results say. Throws on an unknown marker, and on a
 * missing one unless `every` is false (a page other than docs/performance.md marks only what it shows).
 */
export function renderDoc(
  doc: string,
  names: string[],
  results: Map<string, BenchResult>,
  { every = true, label = 'docs/performance.md' } = {},
): string {
  for (const name of results.keys())
    if (!names.includes(name)) throw new Error(`bench/results/${name}.json has no npm script bench:${name}`);
  const regions = new Map<string, string[]>([
    ['summary', renderSummary(names, results)],
    ...names.map((n): [string, string[]] => [n, renderBench(n, results.get(n))]),
  ]);
  const found = startMarkers(doc);
  for (const name of found) if (!regions.has(name)) throw new Error(`${label}: marker perf:${name} names no bench`);
  let out = doc;
  for (const [name, lines] of regions) {
    if (!every && !found.includes(name)) continue;
    const start = out.indexOf(marker(name, 'start'));
    const end = out.indexOf(marker(name, 'end'));
    if (start < 0 || end < start)
      throw new Error(`${label}: no ${marker(name, 'start')} … ${marker(name, 'end')} pair`);
    out = `${out.slice(0, start + marker(name, 'start').length)}\n${generated(lines).join('\n')}\n${out.slice(end)}`;
  }
  return out;
}

/** The other pages beside `doc` (docs/*.md) that hold a marked region. */
export function otherDocs(doc: string): string[] {
  const dir = path.dirname(doc);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && path.join(dir, f) !== doc)
    .sort()
    .map((f) => path.join(dir, f))
    .filter((f) => startMarkers(readFileSync(f, 'utf8')).length > 0);
}

/** The regions whose text differs between two renderings (to say what is stale). */
export function staleRegions(current: string, expected: string): string[] {
  const regionsOf = (doc: string) =>
    new Map(
      [...doc.matchAll(/<!-- perf:([a-z0-9-]+):start -->([\s\S]*?)<!-- perf:\1:end -->/g)].map((m) => [m[1]!, m[2]!]),
    );
  const a = regionsOf(current);
  const b = regionsOf(expected);
  const names = [...b.keys()].filter((n) => a.get(n) !== b.get(n));
  return names.length || current === expected ? names : ['(outside the marked regions)'];
}

/** `--doc`, `--results` and `--package` point it at other files (its tests). */
function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]!) : fallback;
}

function main() {
  const check = process.argv.includes('--check');
  const doc = option('--doc', DOC);
  const names = benchNames(readFileSync(option('--package', path.join(ROOT, 'package.json')), 'utf8'));
  const results = readResults(option('--results', RESULTS));
  let stale = false;
  for (const file of [doc, ...otherDocs(doc)]) {
    const label = path.relative(ROOT, file).startsWith('..') ? path.basename(file) : path.relative(ROOT, file);
    const current = readFileSync(file, 'utf8');
    const expected = renderDoc(current, names, results, { every: file === doc, label });
    if (!check) {
      if (expected !== current) writeFileSync(file, expected);
      console.log(`${label}: ${expected === current ? 'already up to date' : 'tables rewritten'} from bench/results`);
    } else if (expected !== current) {
      console.error(
        `${label} is out of date with bench/results (${staleRegions(current, expected).join(', ')}): run \`npm run docs:perf\` and commit it.`,
      );
      stale = true;
    } else {
      console.log(`${label}: in step with bench/results`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`perf-table: ${(error as Error).message}`);
    process.exit(1);
  }
}
