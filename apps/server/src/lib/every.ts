/**
 * Runs `task` now and then every `everyMs`, never two at once (a run still going when the next is due is
 * not doubled), logging a failure instead of stopping. The result stops it and waits for a run in flight,
 * so the database is never closed under one. The periodic jobs that ride along with the workers use it:
 * credit refills, summary compaction, the idempotency key purge.
 */
export function runEvery(task: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (stopped || running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
