/**
 * The main-thread tasks of a page load that Lighthouse's simulated throttling counts, read
 * from a Chromium trace: Lighthouse simulates a phone by multiplying each task's duration as the host ran
 * it, drops tasks under 10 ms from its simulation (Lantern's PageDependencyGraph, SIGNIFICANT_DUR_THRESHOLD_MS)
 * and counts as blocking what a task lasts beyond 50 ms after the first contentful paint. So a task of
 * 10 ms or more after that paint is what blocks on the phone; a task under it costs nothing in the score.
 */

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** A profile's, shared by its chunks. */
  id?: string;
  args?: {
    data?: Record<string, unknown> & { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] };
    beginData?: { url?: string };
  };
};
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type CpuProfileChunk = { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };

/** The trace categories this reads: tasks, paints, and the sampling profiler's samples. */
export const LONG_TASK_CATEGORIES = [
  'toplevel', // the tasks themselves (RunTask)
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'loading',
];

export const SIGNIFICANT_MS = 10;

export type LongTask = {
  /** ms after the first contentful paint. */
  start: number;
  ms: number;
  /** The task's main events: evaluating modules, a timer, a React slice ("FunctionCall"), style and layout… */
  what: string;
  /** The owners of the code that ran in it, most time first (`ownerOf`), with their self ms. */
  owners: string;
};

/** The page's tasks of SIGNIFICANT_MS or more after its first contentful paint. */
/** The page's main thread: the one that parsed an http(s) document (not a worker's, not the browser's). */
export function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'));
  if (!parse) throw new Error('the trace has no document parse');
  return { pid: parse.pid, tid: parse.tid };
}

export function longTasksAfterFirstPaint(events: TraceEvent[], ownerOf: (frame: CallFrame) => string): LongTask[] {
  const parse = pageMainThread(events);
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  const fcp = main.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');

  // The profiler's samples on that thread, each with its owner: its own profile, not a worker's (a
  // worker's chunks share the process and would shift every sample's time).
  const frames = new Map<number, CallFrame>();
  const samples: { ts: number; owner: string }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === parse.pid && e.tid === parse.tid);
  let ts = Number(profile?.args?.data?.startTime ?? 0);
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === parse.pid && e.id === profile?.id)) {
    const profile = chunk.args?.data?.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) frames.set(node.id, node.callFrame);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const frame = frames.get(id);
      samples.push({ ts, owner: frame ? ownerOf(frame) : '(unknown)' });
    });
  }

  const tasks = main.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.ts >= fcp.ts &&
      (e.dur ?? 0) >= SIGNIFICANT_MS * 1000,
  );
  return (
    tasks
      .map((task) => {
        const end = task.ts + task.dur!;
        const inside = main.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end);
        const kinds = new Map<string, number>();
        for (const e of inside) {
          const kind = EVENT_KINDS[e.name];
          if (kind && (e.dur ?? 0) >= 1000) kinds.set(kind, Math.max(kinds.get(kind) ?? 0, e.dur! / 1000));
        }
        const owners = new Map<string, number>();
        let previous = task.ts;
        for (const sample of samples) {
          if (sample.ts < task.ts || sample.ts >= end) continue;
          owners.set(sample.owner, (owners.get(sample.owner) ?? 0) + (sample.ts - previous) / 1000);
          previous = sample.ts;
        }
        return {
          start: Math.round((task.ts - fcp.ts) / 1000),
          ms: Math.round(task.dur! / 100) / 10,
          what:
            [...kinds]
              .sort((a, b) => b[1] - a[1])
              .map(([kind]) => kind)
              .join(', ') || 'browser work',
          owners: [...owners]
            .filter(([owner]) => owner !== '(idle)')
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([owner, ms]) => `${owner} ${ms.toFixed(1)}`)
            .join(', '),
          bench: owners.has('(InjectedScript)'),
        };
      })
      // Playwright's own script, waiting for the rows: the bench's, not the page's.
      .filter((task) => !task.bench)
      .map(({ bench: _bench, ...task }) => task)
  );
}

/** Trace events by what they say a task was doing. */
const EVENT_KINDS: Record<string, string> = {
  'v8.evaluateModule': 'module evaluation',
  EvaluateScript: 'script evaluation',
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
  XHRReadyStateChange: 'request answer',
  EventDispatch: 'event',
  FunctionCall: 'script (React slice, message, callback)',
  RunMicrotasks: 'microtasks',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  ParseHTML: 'HTML parsing',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

/** Blocking time of `tasks` on a CPU `multiplier` times slower than the host: what each lasts beyond 50 ms. */
export function blockingAt(tasks: LongTask[], multiplier: number): number {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.ms * multiplier - 50), 0);
}
