/**
 * Where the persons list's load spends the main thread: Chromium's sampling CPU profiler over a
 * signed-in load of `/` on a phone-sized screen, until the rows are on screen and the network is quiet,
 * each sample's self time given to what owns its code — a package (react-dom, @mantine/core, zod…), one of
 * our source files, or the browser's own work ("(program)": style, layout, parsing; "(garbage collector)")
 * — through the build's source maps. Median of BENCH_RUNS loads after a warm-up one; the anchor is the
 * whole busy time of the same loads. No CPU slowdown: the shares are the point, Lighthouse's multiplier
 * scales them all alike. Then the same loads traced, for the tasks of 10 ms or more after the first paint:
 * the ones Lighthouse's simulated phone counts as blocking (support/long-tasks.ts), each with the code that
 * ran in it, and the task that held React's first commit (support/react-commits.ts: a state set during a
 * commit renders again in the same task). As a returning visitor (session cookies: the server draws the
 * list's frame, as for Lighthouse).
 * A diagnostic, not a target: it tells what the next saving should go after.
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
import {
  blockingAt,
  LONG_TASK_CATEGORIES,
  longTasksAfterFirstPaint,
  pageMainThread,
  SIGNIFICANT_MS,
  type LongTask,
} from './support/long-tasks.ts';
import { COMMIT_CATEGORY, firstCommitTask, MARK_COMMITS, type FirstCommitTask } from './support/react-commits.ts';

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
/** A phone-sized page signed in as the demo manager, as a returning visitor: the server draws the list's frame. */
async function signedInPage() {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const session: [string, string][] = [
    ['auth.strategy', 'local'],
    ['auth._token.local', `Bearer ${tokens.token}`],
    ['auth._refresh_token.local', tokens.refreshToken],
  ];
  await context.addInitScript(
    ({ session, newsKey }) => {
      for (const [key, value] of session) localStorage.setItem(key, value);
      localStorage.setItem(newsKey, '1');
    },
    { session, newsKey: `${SOL_NEWS_KEY_PREFIX}${userId}` },
  );
  await context.addInitScript(MARK_COMMITS);
  // The app mirrors its session in cookies (lib/auth-storage.ts): with them the server draws the frame.
  await context.addCookies(session.map(([name, value]) => ({ name, value: encodeURIComponent(value), url: base })));
  return { context, page: await context.newPage() };
}

/** Until the rows are on screen, the network is quiet and the page idle: what runs then belongs to the load. */
async function loadList(page: Awaited<ReturnType<typeof signedInPage>>['page']) {
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid="profile-row"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
}

const runs: Map<string, number>[] = [];
const traced: LongTask[][] = [];
const firstCommits: FirstCommitTask[] = [];
try {
  for (let run = 0; run <= RUNS; run += 1) {
    const { context, page } = await signedInPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await loadList(page);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    if (run > 0) runs.push(selfTimes(profile));
    await context.close();
  }
  // The same loads traced: the tasks Lighthouse's simulation counts (support/long-tasks.ts).
  for (let run = 0; run <= RUNS; run += 1) {
    const { context, page } = await signedInPage();
    await browser.startTracing(page, { categories: [...LONG_TASK_CATEGORIES, COMMIT_CATEGORY] });
    await loadList(page);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: never[] };
    if (run > 0) {
      traced.push(longTasksAfterFirstPaint(trace.traceEvents, ownerOf));
      const first = firstCommitTask(trace.traceEvents, pageMainThread(trace.traceEvents));
      if (first) firstCommits.push(first);
    }
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

// The traced load of median blocking time, task by task: what to split or save next.
const LANTERN_AT = 4;
const byBlocking = [...traced].sort((a, b) => blockingAt(a, LANTERN_AT) - blockingAt(b, LANTERN_AT));
const medianLoad = byBlocking[Math.floor(byBlocking.length / 2)]!;
const taskRows = medianLoad.map((task) => ({
  'after the first paint (ms)': task.start,
  'task (ms)': task.ms,
  what: task.what,
  'code in it (self ms)': task.owners,
}));
const longTaskFigure = `${medianLoad.length} tasks of ${SIGNIFICANT_MS} ms or more after the first paint, ${round(
  medianLoad.reduce((sum, task) => sum + task.ms, 0),
)} ms in all, blocking ${round(blockingAt(medianLoad, LANTERN_AT))} ms at ${LANTERN_AT}× (median of ${RUNS} traced loads)`;
console.table(taskRows);
console.log(longTaskFigure);
// React's first commit: its task, and whether a synchronous re-render shared it (support/react-commits.ts).
const firstCommitFigure = firstCommits.length
  ? `the task holding React's first commit: ${round(median(firstCommits.map((c) => c.ms)), 1)} ms (median of ${
      firstCommits.length
    }; ${firstCommits.map((c) => `${round(c.ms, 1)} ms, ${c.commits} commit${c.commits === 1 ? '' : 's'}`).join('; ')})`
  : "no React commit marked: is React's DevTools hook still read?";
console.log(firstCommitFigure);
results.write({
  title: "Where the persons list's load spends the main thread (CPU profile, by owner of the code)",
  command: 'npm run bench:load-profile',
  database: 'PGlite (the demo data)',
  settings: { loads: RUNS, viewport: '412×823', 'sampling interval': '0.1 ms', 'CPU slowdown': '1×' },
  summary: {
    figure: `${rows
      .slice(0, 5)
      .map((r) => `${r['owner of the code']} ${r['self ms (median)']} ms`)
      .join(', ')}; ${longTaskFigure}; ${firstCommitFigure}`,
    anchor: `the whole busy main thread of the same loads: ${round(busy)} ms`,
  },
  targets: [],
  tables: [
    { title: `The ${TOP} largest owners`, rows },
    {
      title: `The tasks of ${SIGNIFICANT_MS} ms or more after the first paint, in the traced load of median blocking time`,
      rows: taskRows,
    },
  ],
  notes: [
    `Lighthouse's simulated phone multiplies each task as the host ran it, leaves tasks under ${SIGNIFICANT_MS} ms out of its simulation and counts what a task lasts beyond 50 ms after the first contentful paint as blocking (bench/support/long-tasks.ts): the second table is what the list's blocking time is made of. "blocking at ${LANTERN_AT}×" applies the preset's multiplier to this host's durations, for comparing two builds measured in the same hour, not a Lighthouse score.`,
    '(program) is the browser’s own work outside script: style, layout, paint setup, HTML parsing.',
    'A sample is given to the function it was in, so an Intl constructor’s cost shows under the file that called it.',
  ],
});
