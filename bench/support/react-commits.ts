/**
 * React's commits in a traced page load: a script that stands in for React DevTools' hook marks
 * each commit in the page's user timing ('react-commit-<n>'), so a trace tells which task held which commit.
 * The first commit's task is the one to watch: a state set while React commits (a layout effect, a ref
 * callback) renders again synchronously in the same task, which is how Mantine's random ids made it two
 * thirds longer (apps/web/build/mantine-stable-ids.ts).
 */

/** An init script (a string: the page runs it as is): React calls the hook's onCommitFiberRoot after each commit. */
export const MARK_COMMITS = `(() => {
  let commits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() { commits += 1; performance.mark('react-commit-' + commits); },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
})();`;

/** The trace category that holds the marks. */
export const COMMIT_CATEGORY = 'blink.user_timing';

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number };

export type FirstCommitTask = {
  /** How long the task that held React's first commit lasted. */
  ms: number;
  /** How many commits it held: more than one is a synchronous re-render after the first. */
  commits: number;
};

/** The task of the page's main thread (`main`: its pid and tid) that held React's first commit. */
export function firstCommitTask(events: TraceEvent[], main: { pid: number; tid: number }): FirstCommitTask | null {
  const marks = events.filter((e) => e.pid === main.pid && e.name.startsWith('react-commit-'));
  const first = marks.find((e) => e.name === 'react-commit-1');
  if (!first) return null;
  const task = events.find(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ph === 'X' &&
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.ts <= first.ts &&
      e.ts + (e.dur ?? 0) >= first.ts,
  );
  if (!task) return null;
  const end = task.ts + task.dur!;
  return { ms: task.dur! / 1000, commits: marks.filter((m) => m.ts >= task.ts && m.ts <= end).length };
}
