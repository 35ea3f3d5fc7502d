/**
 * What a page of the persons list's rows costs the browser: 50 rows mounted at once, React's
 * render and commit plus the style and layout of what it mounted, in Debian's Chromium — the persons list's
 * own rows (ProfileRow, in the table ProfileTable draws) next to the same texts as bare table elements rendered by React
 * (the anchor, from the same run: what any page of 50 rows costs with no component around it). Each kind
 * is mounted and unmounted RUNS times, alternating, after a warm-up; medians and p95 are printed, at no
 * CPU slowdown and at the Lighthouse mobile preset's 4× (Chrome's CPU throttling).
 * The page (bench/support/row-render/) is built for production with the app's build plugins, so React and
 * Mantine run as they do for users. Writes bench/results/rows.json.
 *   npm run bench:rows        BENCH_RUNS=40 (mounts per kind and CPU setting), BENCH_BEFORE=<commit> (below)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { catalogueParts } from '../apps/web/build/catalogue-parts.ts';
import { mantineStylesPerComponent } from '../apps/web/build/mantine-styles-per-component.ts';
import { beginRun, RESULTS_DIR, ZBenchResult } from './support/results.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARM_UP = 10;
const CPU = [1, 4];
const results = beginRun('rows');
/**
 * The run to compare with, shown beside this one so a change reads as before → after: the results file as
 * it is now (about to be replaced), or as commit BENCH_BEFORE left it (`BENCH_BEFORE=437b5c5`: the
 * "before").
 */
const BEFORE = process.env.BENCH_BEFORE;
const previousFile = path.join(RESULTS_DIR, 'rows.json');
const previousText = BEFORE
  ? execFileSync('git', ['show', `${BEFORE}:bench/results/rows.json`], { encoding: 'utf8' })
  : existsSync(previousFile)
    ? readFileSync(previousFile, 'utf8')
    : undefined;
const previous = previousText ? ZBenchResult.parse(JSON.parse(previousText)) : undefined;
const root = path.resolve(import.meta.dirname, 'support/row-render');
const outDir = mkdtempSync(path.join(tmpdir(), 'centinela-row-render-'));

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react(), catalogueParts(), mantineStylesPerComponent()],
  build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
});
const server = await preview({
  configFile: false,
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port: 0 },
});
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('bench:rows: the preview server has no address');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => Math.round(value * 10) / 10;

type Kind = 'rows' | 'bare';
/** What bench/support/row-render/main.tsx puts on the page's window. */
type BenchWindow = { benchReady: Promise<void>; renderRows: (kind: Kind) => { ms: number; rows: number } };
const rows: Record<string, string | number>[] = [];
const medians: Record<string, number> = {};
try {
  // A desktop window: the rows are laid out in the width the list has at 1440 px.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.evaluate(() => (window as unknown as BenchWindow).benchReady);
  const cdp = await page.context().newCDPSession(page);
  for (const cpu of CPU) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const times: Record<Kind, number[]> = { rows: [], bare: [] };
    let counted: Record<Kind, number> = { rows: 0, bare: 0 };
    for (let i = 0; i < WARM_UP + RUNS; i += 1) {
      // Alternating, so a minute of a busier machine falls on both.
      for (const kind of (i % 2 ? ['rows', 'bare'] : ['bare', 'rows']) as Kind[]) {
        const run = await page.evaluate((k) => (window as unknown as BenchWindow).renderRows(k), kind);
        counted = { ...counted, [kind]: run.rows };
        if (i >= WARM_UP) times[kind].push(run.ms);
      }
    }
    for (const kind of ['bare', 'rows'] as Kind[]) {
      const p50 = ms(quantile(times[kind], 0.5));
      medians[`${kind}@${cpu}`] = p50;
      rows.push({
        what: kind === 'rows' ? 'the persons list rows (ProfileRow)' : 'the same rows as bare table elements (anchor)',
        CPU: `${cpu}×`,
        rows: counted[kind],
        'p50 ms': p50,
        'p95 ms': ms(quantile(times[kind], 0.95)),
        'min ms': ms(Math.min(...times[kind])),
        '× anchor (p50)': kind === 'rows' ? ms(p50 / medians[`bare@${cpu}`]!) : '—',
      });
    }
  }
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  rmSync(outDir, { recursive: true, force: true });
}

console.log(`\nA page of 50 rows mounted, rendered and laid out in Chromium (median of ${RUNS} mounts each)`);
console.table(rows);
const figure = (cpu: number) => `${medians[`rows@${cpu}`]} ms at ${cpu}×`;
const anchor = (cpu: number) => `${medians[`bare@${cpu}`]} ms at ${cpu}×`;
results.write({
  title: 'A page of 50 persons list rows mounted in Chromium (render, commit, style and layout)',
  command: 'npm run bench:rows',
  database: null,
  settings: { rows: 50, 'mounts per kind': RUNS, 'warm-up mounts': WARM_UP, viewport: '1440×900' },
  summary: {
    figure: `50 rows: ${CPU.map(figure).join(', ')} (p50)`,
    anchor: `the same rows as bare elements: ${CPU.map(anchor).join(', ')} (${CPU.map((c) => `${ms(medians[`rows@${c}`]! / medians[`bare@${c}`]!)}×`).join(', ')})`,
  },
  targets: [],
  tables: [
    { title: 'This run', rows },
    ...(previous
      ? [
          {
            title: `The run before (${previous.measuredAt.slice(0, 16).replace('T', ' ')} UTC, commit ${previous.host.commit}, load ${previous.host.loadAverage[0]})`,
            rows: previous.tables[0]!.rows,
          },
        ]
      : []),
  ],
  notes: [
    'Production builds of React and Mantine (bench/support/row-render/, built with the app’s plugins); the providers stay mounted, only the rows mount and unmount. 4×: Chrome’s CPU throttling, as the Lighthouse mobile preset applies it.',
  ],
});
