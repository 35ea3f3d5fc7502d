/**
 * Where the persons list's load spends the main thread (issue #27): Chromium's sampling CPU profiler over a
 * signed-in load of `/` on a phone-sized screen, until the rows are on screen and the network is quiet,
 * each sample's self time given to what owns its code — a package (react-dom, @mantine/core, zod…), one of
 * our source files, or the browser's own work ("(program)": style, layout, parsing; "(garbage collector)")
 * — through the build's source maps. Median of BENCH_RUNS loads after a warm-up one; the anchor is the
 * whole busy time of the same loads. No CPU slowdown: the shares are the point, Lighthouse's multiplier
 * scales them all alike. A diagnostic, not a target: it tells what the next saving should go after.
 *   npm run bench:load-profile      (builds the app with source maps first; `npm run build` drops them)
 *   BENCH_RUNS=5, BENCH_TOP=25 (rows printed)
 * Writes bench/results/load-profile.json.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { SOL_NEWS_KEY_PREFIX } from '../apps/web/src/features/sol/utils/news-storage.ts';
import { beginRun, round } from './support/results.ts';
import { signInDemo, startDemoServer } from './support/demo-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TOP = Number(process.env.BENCH_TOP ?? 25);
const results = beginRun('load-profile');

if (!readdirSync(path.join(DIST, 'assets')).some((f) => f.endsWith('.js.map'))) {
  console.error('bench:load-profile: the build has no source maps: run `npm run bench:load-profile`');
  process.exit(1);
}

// ------------------------------------------------------------------ the real server, as npm start runs it

const { base, stop: stopServer } = await startDemoServer('load-profile');
const { tokens, userId } = await signInDemo(base);

// ------------------------------------------------------------------ who owns a sample

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type CpuProfile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = path.join(DIST, `${new URL(url).pathname}.map`);
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url)!;
}

/** "react-dom", "@mantine/core", "apps/web/src/lib/format.ts", "(program)", "index.html"… */
function ownerOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/[()]/g, '')})` : '(native)';
  const map = frame.url.includes('/assets/') ? mapFor(frame.url) : null;
  const source = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return new URL(frame.url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1]! : source.replace(/^(\.\.\/)+/, '').replace(/^src\//, 'apps/web/src/');
}

function selfTimes(profile: CpuProfile): Map<string, number> {
  const owners = new Map(profile.nodes.map((n) => [n.id, ownerOf(n.callFrame)]));
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  samples.forEach((id, i) => {
    const owner = owners.get(id) ?? '(native)';
    if (owner === '(idle)') return;
    out.set(owner, (out.get(owner) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return out;
}

// ------------------------------------------------------------------ the loads

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const runs: Map<string, number>[] = [];
try {
  for (let run = 0; run <= RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await context.addInitScript(
      ({ t, newsKey }) => {
        localStorage.setItem('auth.strategy', 'local');
        localStorage.setItem('auth._token.local', `Bearer ${t.token}`);
        localStorage.setItem('auth._refresh_token.local', t.refreshToken);
        localStorage.setItem(newsKey, '1');
      },
      { t: tokens, newsKey: `${SOL_NEWS_KEY_PREFIX}${userId}` },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="profile-row"]').first().waitFor();
    // What runs once the rows are up (the overscan's render, the live connection) belongs to the load too.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    if (run > 0) runs.push(selfTimes(profile));
    await context.close();
  }
} finally {
  await browser.close();
  stopServer();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const owners = new Set(runs.flatMap((r) => [...r.keys()]));
const busy = median(runs.map((r) => [...r.values()].reduce((a, b) => a + b, 0)));
const rows = [...owners]
  .map((owner) => ({ owner, ms: median(runs.map((r) => r.get(owner) ?? 0)) }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, TOP)
  .map(({ owner, ms }) => ({
    'owner of the code': owner,
    'self ms (median)': round(ms, 1),
    share: `${round((100 * ms) / busy)}%`,
  }));
console.table(rows);
console.log(`busy main thread: ${round(busy)} ms (median of ${RUNS} loads)`);
results.write({
  title: "Where the persons list's load spends the main thread (CPU profile, by owner of the code)",
  command: 'npm run bench:load-profile',
  database: 'PGlite (the demo data)',
  settings: { loads: RUNS, viewport: '412×823', 'sampling interval': '0.1 ms', 'CPU slowdown': '1×' },
  summary: {
    figure: rows
      .slice(0, 5)
      .map((r) => `${r['owner of the code']} ${r['self ms (median)']} ms`)
      .join(', '),
    anchor: `the whole busy main thread of the same loads: ${round(busy)} ms`,
  },
  targets: [],
  tables: [{ title: `The ${TOP} largest owners`, rows }],
  notes: [
    '(program) is the browser’s own work outside script: style, layout, paint setup, HTML parsing.',
    'A sample is given to the function it was in, so an Intl constructor’s cost shows under the file that called it.',
  ],
});
