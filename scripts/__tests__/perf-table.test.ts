import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import type { BenchResultInput } from '../../bench/support/results.ts';
import { benchNames, otherDocs, readResults, renderDoc, staleRegions } from '../perf-table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

const result = (bench: string, p95: number): BenchResultInput => ({
  bench,
  title: 'Profile list on 1,000 persons',
  command: `npm run bench:${bench}`,
  measuredAt: '2026-11-26T10:00:00.000Z',
  host: { cores: 2, cpu: 'Test CPU', memoryGb: 24, loadAverage: [1.5, 2], node: 'v24.21.0', commit: 'abc1234' },
  database: 'PostgreSQL 15.14',
  settings: { rows: 1000 },
  summary: { figure: `API p95 ${p95} ms`, anchor: 'same SQL p95 1 ms' },
  targets: [{ target: 'API p95 < 30 ms', measured: `${p95} ms`, met: p95 < 30 }],
  tables: [{ rows: [{ case: 'first | page', via: 'API', p95 }] }],
  notes: [],
});

const DOC = [
  '# Performance',
  '',
  '<!-- perf:summary:start -->',
  '<!-- perf:summary:end -->',
  '',
  '## Profiles',
  '',
  '<!-- perf:profiles:start -->',
  'a figure someone typed',
  '<!-- perf:profiles:end -->',
  '',
  '## CSV',
  '',
  '<!-- perf:csv:start -->',
  '<!-- perf:csv:end -->',
  '',
].join('\n');

const NAMES = ['profiles', 'csv'];
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another page that shows one bench's figures among its prose (docs/watchlists.md shows bench:watchlists). */
const PAGE = [
  '# Profiles',
  '',
  'How the list stays fast.',
  '',
  '<!-- perf:profiles:start -->',
  '<!-- perf:profiles:end -->',
  '',
].join('\n');

/** A scratch repository: package.json with the bench scripts, bench/results, docs/performance.md. */
function workspace(results: BenchResultInput[], doc = DOC) {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-table-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'results'));
  for (const r of results) writeFileSync(path.join(dir, 'results', `${r.bench}.json`), JSON.stringify(r));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ scripts: { lint: 'eslint .', 'bench:profiles': 'tsx a.ts', 'bench:csv': 'tsx b.ts' } }),
  );
  writeFileSync(path.join(dir, 'performance.md'), doc);
  const args = [
    '--doc',
    path.join(dir, 'performance.md'),
    '--results',
    path.join(dir, 'results'),
    '--package',
    path.join(dir, 'package.json'),
  ];
  const cli = (...extra: string[]) =>
    promisify(execFile)(TSX, [path.join(ROOT, 'scripts/perf-table.ts'), ...args, ...extra], { cwd: ROOT });
  return { dir, cli, doc: () => readFileSync(path.join(dir, 'performance.md'), 'utf8') };
}

describe('perf-table', () => {
  test('the benches are the bench:* scripts of package.json', () => {
    expect(
      benchNames(JSON.stringify({ scripts: { lint: 'x', 'bench:auth': 'a', 'bench:csv': 'b', serve: 'c' } })),
    ).toEqual(['auth', 'csv']);
  });

  test('each marked region is rendered from its results file; a bench without one says "not measured"', () => {
    const { dir } = workspace([result('profiles', 4.8)]);
    const out = renderDoc(DOC, NAMES, readResults(path.join(dir, 'results')));
    const profiles = out.slice(out.indexOf('<!-- perf:profiles:start -->'), out.indexOf('<!-- perf:profiles:end -->'));
    expect(profiles).not.toContain('a figure someone typed');
    expect(profiles).toContain('measured 2026-11-26 10:00 UTC on 2 cores (Test CPU), 24 GB, load 1.5 → 2');
    expect(profiles).toContain('database: PostgreSQL 15.14');
    expect(profiles).toContain('| first \\| page | API | 4.8 |');
    expect(profiles).toContain('| API p95 < 30 ms | 4.8 ms | ✓ |');
    expect(profiles).toContain('<!-- prettier-ignore-start -->');
    const csv = out.slice(out.indexOf('<!-- perf:csv:start -->'), out.indexOf('<!-- perf:csv:end -->'));
    expect(csv).toContain('Not measured: there is no `bench/results/csv.json`');
    const summary = out.slice(out.indexOf('<!-- perf:summary:start -->'), out.indexOf('<!-- perf:summary:end -->'));
    expect(summary).toContain(
      '| `bench:profiles` | 2026-11-26, load 1.5 | API p95 4.8 ms | same SQL p95 1 ms | API p95 < 30 ms: ✓ (4.8 ms) |',
    );
    expect(summary).toContain('| `bench:csv` | not measured | not measured | — | — |');
    // Prose outside the markers is kept, and rendering again changes nothing.
    expect(out).toContain('## CSV');
    expect(renderDoc(out, NAMES, readResults(path.join(dir, 'results')))).toBe(out);
  });

  test('a target missed is shown as missed', () => {
    const { dir } = workspace([result('profiles', 42)]);
    expect(renderDoc(DOC, NAMES, readResults(path.join(dir, 'results')))).toContain('| API p95 < 30 ms | 42 ms | ✗ |');
  });

  test('a missing marker pair, a marker of no bench or a results file of no bench is an error', () => {
    const { dir } = workspace([result('profiles', 4.8)]);
    const results = readResults(path.join(dir, 'results'));
    expect(() => renderDoc(DOC.replace('<!-- perf:csv:end -->', ''), NAMES, results)).toThrow(
      'no <!-- perf:csv:start --> … <!-- perf:csv:end --> pair',
    );
    expect(() => renderDoc(`${DOC}<!-- perf:old:start --><!-- perf:old:end -->`, NAMES, results)).toThrow(
      'marker perf:old names no bench',
    );
    expect(() => renderDoc(DOC, ['csv'], results)).toThrow(
      'bench/results/profiles.json has no npm script bench:profiles',
    );
  });

  test('a results file that does not match the schema names itself', () => {
    const { dir } = workspace([]);
    writeFileSync(path.join(dir, 'results', 'csv.json'), JSON.stringify({ ...result('csv', 1), host: undefined }));
    expect(() => readResults(path.join(dir, 'results'))).toThrow(/bench\/results\/csv\.json: host/);
  });

  // Spawns the script as `npm run lint` does, so it runs a few seconds on a busy machine.
  test(
    'the check (npm run lint) fails on a stale table and passes once docs:perf has rewritten it',
    { timeout: 60_000 },
    async () => {
      const { dir, cli, doc } = workspace([result('profiles', 4.8)]);
      await expect(cli('--check')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('out of date with bench/results (summary, profiles, csv)'),
      });

      await cli();
      expect(doc()).toContain('API p95 4.8 ms');
      await expect(cli('--check')).resolves.toMatchObject({
        stdout: expect.stringContaining('in step with bench/results'),
      });

      // A bench run writes a new figure: the committed table is stale again, and the check names where.
      writeFileSync(path.join(dir, 'results', 'profiles.json'), JSON.stringify(result('profiles', 5.1)));
      await expect(cli('--check')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('(summary, profiles)'),
      });
    },
  );

  test('a figure edited by hand inside a marked region is stale too', () => {
    const { dir } = workspace([result('profiles', 4.8)]);
    const results = readResults(path.join(dir, 'results'));
    const rendered = renderDoc(DOC, NAMES, results);
    const edited = rendered.replace('| API | 4.8 |', '| API | 3.0 |');
    expect(staleRegions(edited, renderDoc(edited, NAMES, results))).toEqual(['profiles']);
  });

  test('another page renders only the regions it marks; an unknown marker there is an error', () => {
    const { dir } = workspace([result('profiles', 4.8)]);
    const results = readResults(path.join(dir, 'results'));
    const out = renderDoc(PAGE, NAMES, results, { every: false, label: 'docs/profiles.md' });
    expect(out).toContain('How the list stays fast.');
    expect(out).toContain('| first \\| page | API | 4.8 |');
    expect(out).not.toContain('perf:csv');
    expect(renderDoc(out, NAMES, results, { every: false })).toBe(out);
    expect(() =>
      renderDoc(`${PAGE}<!-- perf:old:start --><!-- perf:old:end -->`, NAMES, results, {
        every: false,
        label: 'docs/profiles.md',
      }),
    ).toThrow('docs/profiles.md: marker perf:old names no bench');
  });

  test(
    'the pages beside docs/performance.md that mark a region are checked and rewritten too',
    { timeout: 60_000 },
    async () => {
      const { dir, cli } = workspace([result('profiles', 4.8)]);
      writeFileSync(path.join(dir, 'profiles.md'), PAGE);
      writeFileSync(path.join(dir, 'plain.md'), '# No figures here\n');
      expect(otherDocs(path.join(dir, 'performance.md'))).toEqual([path.join(dir, 'profiles.md')]);
      await expect(cli('--check')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('profiles.md is out of date with bench/results (profiles)'),
      });

      await cli();
      expect(readFileSync(path.join(dir, 'profiles.md'), 'utf8')).toContain('| API p95 < 30 ms | 4.8 ms | ✓ |');
      expect(readFileSync(path.join(dir, 'plain.md'), 'utf8')).toBe('# No figures here\n');
      await expect(cli('--check')).resolves.toMatchObject({
        stdout: expect.stringContaining('profiles.md: in step with bench/results'),
      });
    },
  );

  test('stale regions are named, and a difference outside them too', () => {
    const a = '<!-- perf:x:start -->1<!-- perf:x:end -->\n<!-- perf:y:start -->2<!-- perf:y:end -->';
    expect(staleRegions(a, a)).toEqual([]);
    expect(staleRegions(a, a.replace('2', '3'))).toEqual(['y']);
    expect(staleRegions(`${a}\n`, a)).toEqual(['(outside the marked regions)']);
  });
});
