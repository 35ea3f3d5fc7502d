/**
 * Lighthouse (mobile preset: Moto G Power, simulated slow 4G and 4× CPU) on the built app served by the
 * real server: the sign-in page, and the profile list signed in as the demo manager (as staff load it every
 * day, and on a user's first visit, when the one-time Sol news dialog opens over it: printed, not held to the
 * target). Prints performance, accessibility and best-practices scores and LCP / TBT / CLS per page.
 * Targets, held on the rows calibrated to the preset's phone (below), median of BENCH_RUNS (3):
 * performance ≥ 95 on the sign-in page, ≥ 90 on the persons list, ≥ 85 on a first visit; accessibility = 100
 * and best practices = 100 everywhere. Exits 1 when a page misses them (BENCH_LIGHTHOUSE_STRICT=0 only prints).
 *   npm run build && npm run bench:lighthouse
 *   BENCH_RUNS=3 (median of that many runs per page), BENCH_LIGHTHOUSE_OUT=/tmp/lh (keeps the JSON reports
 *   and each run's trace), BENCH_LIGHTHOUSE_CATEGORIES=fonts,… (trace categories added to Lighthouse's),
 *   BENCH_ONLY=<part of a page's name>
 * The preset's 4× CPU slowdown assumes a host of Lighthouse benchmarkIndex ~1500–2000 (Lighthouse's
 * docs/throttling.md); on a slower host the same 4× emulates a slower phone than the preset's. So the host's
 * benchmarkIndex is printed with every row, and each page is also run with the CPU multiplier Lighthouse's
 * calibration calculator gives for this host (lighthouse-cpu-throttling-calculator, the tool the warning
 * "The tested device appears to have a slower CPU than Lighthouse expects" links to): the same device on any
 * host, each calibrated run on the benchmarkIndex of the preset run just before it. The targets are held on
 * the calibrated rows: the preset's 4× on a host faster or slower than its reference is another phone. A
 * calibrated row whose own benchmarkIndex moved more than CALIBRATION_DRIFT from the one it was calibrated for
 * (a shared machine whose speed changed between the two runs) is no calibrated figure: it is printed, and its
 * target counts as not measured. The 1× rows (no CPU slowdown) show what the network path alone allows.
 * BENCH_CPU=preset runs only the preset (the targets are then held on it).
 * Drives Debian's Chromium (/usr/bin/chromium, as the e2e tests do); the server runs on a fresh data folder
 * seeded with the demo tenant. Writes bench/results/lighthouse.json.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { SOL_NEWS_KEY_PREFIX } from '../apps/web/src/features/sol/utils/news-storage.ts';
import { beginRun } from './support/results.ts';
import { signInDemo, startDemoServer } from './support/demo-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const results = beginRun('lighthouse');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STRICT = process.env.BENCH_LIGHTHOUSE_STRICT !== '0';
/** A folder to keep each run's full Lighthouse report (JSON) in, to see what an audit found. */
const OUT = process.env.BENCH_LIGHTHOUSE_OUT;
const CATEGORIES = process.env.BENCH_LIGHTHOUSE_CATEGORIES;
/** Only the pages whose name contains this (e.g. `BENCH_ONLY='profile list (signed in)'`). */
const ONLY = process.env.BENCH_ONLY;
type Target = { performance: number; accessibility: number; 'best-practices': number };
const target = (performance: number): Target => ({ performance, accessibility: 100, 'best-practices': 100 });
/** How far a calibrated run's own benchmarkIndex may be from the one its CPU multiplier was made for. */
const CALIBRATION_DRIFT = 0.25;
/** The mobile preset's CPU slowdown. */
const PRESET_CPU = constants.throttling.mobileSlow4G.cpuSlowdownMultiplier;
/**
 * Which CPU settings each page runs with: `preset` (4×, the target's), `calibrated` (see below) and
 * `network` (1×: no CPU slowdown, so the score is what the simulated slow 4G alone leaves — the anchor: no
 * main-thread work saved can lift the preset's score above it). BENCH_CPU=preset,network; default all three.
 */
const CPU_MODES = (process.env.BENCH_CPU ?? 'preset,calibrated,network').split(',').map((m) => m.trim());
for (const mode of CPU_MODES)
  if (!['preset', 'calibrated', 'network'].includes(mode))
    throw new Error(`BENCH_CPU: preset, calibrated or network, not ${mode}`);
if (!CPU_MODES.includes('preset')) CPU_MODES.unshift('preset'); // the calibration reads the preset run's host

/**
 * The CPU slowdown that makes this host the preset's phone, from its benchmarkIndex: the formula of
 * Lighthouse's CPU throttling calculator (github.com/patrickhulce/lighthouse-cpu-throttling-calculator,
 * linked from Lighthouse's docs/throttling.md): 1300 → 3×, +1× per 233 above; 800 → 2×, +1× per 500 up to
 * 1300; 150 → 1×, +1× per 650 up to 800. One decimal.
 */
function calibratedMultiplier(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}
// The flags of playwright.config.ts (Debian's Chromium in a container), in the new headless mode.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('bench:lighthouse: no built app in apps/web/dist: run `npm run build` first');
  process.exit(1);
}

// ------------------------------------------------------------------ the real server, as e2e starts it

const { base, stop: stopServer } = await startDemoServer('lighthouse');
const { tokens, userId: managerId } = await signInDemo(base);

// ------------------------------------------------------------------ one Lighthouse run on a fresh Chromium

type Row = Record<string, string | number>;

type Page = { name: string; path: string; signedIn: boolean; newsSeen?: boolean; target: Target };

async function audit(page: Page, cpu: number): Promise<Row> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    if (page.signedIn) {
      // The token where the app reads it (apps/web/src/lib/auth-storage.ts), set on a same-origin page that
      // loads none of the app, so Lighthouse still starts with a cold cache.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${base}/api/health`);
      await tab.evaluate(
        (t: typeof tokens, newsKey: string | null) => {
          // As the app keeps them (lib/auth-storage.ts): in localStorage, mirrored in cookies the server reads.
          // (No function declared in here: the bench's transpiler would wrap it in a helper the page lacks.)
          const session: [string, string][] = [
            ['auth.strategy', 'local'],
            ['auth._token.local', `Bearer ${t.token}`],
            ['auth._refresh_token.local', t.refreshToken],
          ];
          for (const [key, value] of session) {
            localStorage.setItem(key, value);
            document.cookie = `${key}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
          }
          if (newsKey) localStorage.setItem(newsKey, '1');
        },
        tokens,
        page.newsSeen ? `${SOL_NEWS_KEY_PREFIX}${managerId}` : null,
      );
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Storage reset would sign the profile list out; the cache is still cold (fresh browser profile).
      disableStorageReset: page.signedIn,
      ...(CATEGORIES ? { additionalTraceCategories: CATEGORIES } : {}),
      ...(cpu === PRESET_CPU
        ? {}
        : { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu } }),
    });
    if (!result) throw new Error('lighthouse returned no result');
    // Now and then Chromium's trace misses the navigation (NO_NAVSTART): a failed run, not a score of 0.
    if (result.lhr.runtimeError)
      throw new RunFailed(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    if (OUT) {
      mkdirSync(OUT, { recursive: true });
      const file = path.join(OUT, `${page.name.replace(/\W+/g, '-')}-${cpu}x-${Date.now()}`);
      writeFileSync(`${file}.json`, JSON.stringify(result.lhr, null, 1));
      // The trace the run's tasks were simulated from: what each long task held.
      writeFileSync(`${file}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (!finalDisplayedUrl.endsWith(page.path)) throw new Error(`${page.name}: ended on ${finalDisplayedUrl}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) =>
        c.auditRefs.filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}:${r.id}`),
      );
    return {
      page: page.name,
      CPU: `${cpu}×`,
      host: Math.round(result.lhr.environment.benchmarkIndex),
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      'LCP (ms)': Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      'TBT (ms)': Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      CLS: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      'FCP (ms)': Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
      failing: failing.join(' ') || '-',
    };
  } finally {
    chrome.kill();
  }
}

class RunFailed extends Error {}

/** A run that Lighthouse itself could not complete is run again, twice at most. */
async function auditWithRetries(page: Page, cpu: number): Promise<Row> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(page, cpu);
    } catch (error) {
      if (!(error instanceof RunFailed) || attempt === 3) throw error;
      console.warn(`bench:lighthouse: ${page.name}: run failed (${error.message}), running it again`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// The Sol news popup opens once per user and browser (features/sol/utils/news-storage.ts): the list as staff
// load it every day is without it, and that is the page the target is for; the first visit is printed too.
const PAGES: Page[] = [
  { name: 'sign-in page', path: '/login', signedIn: false, target: target(95) },
  { name: 'profile list (signed in)', path: '/', signedIn: true, newsSeen: true, target: target(90) },
  { name: 'profile list, first visit (Sol news notice)', path: '/', signedIn: true, target: target(85) },
].filter((p) => !ONLY || p.name.includes(ONLY));

type Mode = 'preset' | 'calibrated' | 'network';
const rows: { row: Row; page: Page; mode: Mode }[] = [];
try {
  for (const page of PAGES) {
    const preset: Row[] = [];
    const calibrated: Row[] = [];
    const network: Row[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await auditWithRetries(page, PRESET_CPU);
      preset.push(run);
      // This host's speed moves by half between minutes (shared machine): calibrated on the benchmarkIndex
      // Lighthouse measured seconds ago, in the run just made.
      if (CPU_MODES.includes('calibrated')) {
        const calibratedFor = Number(run.host);
        const calibratedRun = await auditWithRetries(page, calibratedMultiplier(calibratedFor));
        const drift = Math.abs(Number(calibratedRun.host) - calibratedFor) / calibratedFor;
        calibrated.push({
          ...calibratedRun,
          'calibrated for': calibratedFor,
          calibration: drift > CALIBRATION_DRIFT ? `host moved ${Math.round(drift * 100)}%` : 'ok',
        });
      }
      if (CPU_MODES.includes('network'))
        network.push({ ...(await auditWithRetries(page, 1)), CPU: '1× (network only)' });
    }
    // The median run by performance score, whole (its metrics belong together).
    const medianRun = (runs: Row[]) =>
      runs.find((r) => r.performance === median(runs.map((x) => Number(x.performance))))!;
    rows.push({ row: medianRun(preset), page, mode: 'preset' });
    if (calibrated.length) rows.push({ row: medianRun(calibrated), page, mode: 'calibrated' });
    if (network.length) rows.push({ row: medianRun(network), page, mode: 'network' });
  }
} finally {
  stopServer();
}

console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset (simulated slow 4G), ${base}`);
console.log(
  "host: the run's Lighthouse benchmarkIndex (the preset's 4× CPU assumes ~1500–2000); CPU 4×: the preset; other than 4× and 1×: calibrated to the host's benchmarkIndex measured in the preset run just before ('calibrated for'), where the targets are held; 1× (network only): no CPU slowdown, the ceiling that main-thread work cannot lift",
);
console.table(rows.map((r) => r.row));
/** Where the targets are held: the calibrated rows, or the preset's when the calibrated ones were not run. */
const held: Mode = CPU_MODES.includes('calibrated') ? 'calibrated' : 'preset';
const under = (r: { row: Row; page: Page }) => Object.entries(r.page.target).some(([k, min]) => Number(r.row[k]) < min);
/** A calibrated row made while the host's speed moved: no calibrated figure, its target not measured. */
const unreliable = (r: { row: Row }) => r.row.calibration !== undefined && r.row.calibration !== 'ok';
const heldRows = rows.filter((r) => r.mode === held);
const scores = (r: Row) => `${r.performance} / ${r.accessibility} / ${r['best-practices']}`;
const figures = (mode: Mode) =>
  rows
    .filter((r) => r.mode === mode)
    .map((r) => `${r.row.page} ${r.row.performance} (host ${r.row.host})`)
    .join(', ');
if (heldRows.length) {
  results.write({
    title: 'Lighthouse 12, mobile preset (simulated slow 4G), on the built app served by the real server',
    command: 'npm run build && npm run bench:lighthouse',
    database: process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL), demo data' : 'PGlite, fresh demo data',
    host: { benchmarkIndex: median(rows.filter((r) => r.mode === 'preset').map((r) => Number(r.row.host))) },
    settings: { runs: RUNS, 'CPU modes': CPU_MODES.join(', '), pages: PAGES.map((p) => p.name).join('; ') },
    summary: {
      figure: `performance ${held === 'calibrated' ? 'with the CPU calibrated to the host' : "at the preset's 4× CPU"}: ${figures(held)}`,
      anchor: `the same pages with no CPU slowdown (the network's ceiling): ${figures('network') || 'not run'}`,
    },
    targets: heldRows.map((r) => ({
      target: `${r.row.page}, ${held === 'calibrated' ? 'CPU calibrated to the host' : "preset's 4× CPU"}: performance ≥ ${r.page.target.performance}, accessibility 100, best practices 100`,
      measured: `${scores(r.row)} (host ${r.row.host}${unreliable(r) ? `, calibrated for ${r.row['calibrated for']}: ${r.row.calibration}, not a calibrated figure` : ''})`,
      met: unreliable(r) ? null : !under(r),
    })),
    tables: [{ rows: rows.map((r) => r.row) }],
    notes: [
      `CPU 4×: the preset; other multipliers: calibrated to the benchmarkIndex of the preset run just before ("calibrated for"; Lighthouse's CPU throttling calculator), where the targets are held; 1× (network only): no CPU slowdown. host: the run's own Lighthouse benchmarkIndex (the preset assumes ~1500–2000). A calibrated row whose host moved more than ${CALIBRATION_DRIFT * 100}% from the index it was calibrated for is no calibrated figure (this machine is shared): its target is "not measured".`,
    ],
  });
}
const missed = heldRows.filter((r) => !unreliable(r) && under(r));
const uncalibrated = heldRows.filter(unreliable);
const missedNetwork = rows.filter((r) => r.mode === 'network' && under(r));
if (missedNetwork.length)
  console.log(
    `bench:lighthouse: under target even without CPU slowdown (the network path alone): ${missedNetwork.map((r) => r.row.page).join(', ')}`,
  );
if (uncalibrated.length)
  console.log(
    `bench:lighthouse: the host's speed moved during the calibrated run, no calibrated figure: ${uncalibrated.map((r) => `${r.row.page} (${r.row.calibration})`).join(', ')}`,
  );
if (missed.length) {
  console.error(
    `bench:lighthouse: under target: ${missed.map((r) => `${r.row.page} (${scores(r.row)}, target ${r.page.target.performance})`).join(', ')}`,
  );
  if (STRICT) process.exit(1);
} else if (heldRows.length && !uncalibrated.length) {
  console.log('bench:lighthouse: on target');
}
