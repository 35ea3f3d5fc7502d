import { afterEach, describe, expect, test, vi } from 'vitest';
import { Scheduler, type JobLog } from '../../src/lib/jobs/index.ts';

/** A log that keeps the errors it is given. */
function errorLog(errors: unknown[]): JobLog {
  const none = () => undefined;
  return { debug: none, info: none, warn: none, error: (obj) => void errors.push((obj as { err: unknown }).err) };
}

describe('the scheduler (the periodic work beside the job runners)', () => {
  afterEach(() => void vi.useRealTimers());

  test('runs at once and on every tick, never two at once; stop waits for the run in flight and ends the ticks', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    let started = 0;
    let finished = 0;
    const scheduler = new Scheduler([
      {
        name: 'slow',
        everyMs: 1000,
        run: async () => {
          started++;
          await new Promise<void>((r) => (release = r));
          finished++;
        },
      },
    ]);
    scheduler.start();
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3000); // three ticks while the first run is still going
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect([started, finished]).toEqual([2, 1]);

    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // the second run is still in flight
    release();
    await stopping;
    expect(finished).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  test('a failed run is reported and the next tick runs again', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const scheduler = new Scheduler(
      [
        {
          name: 'flaky',
          everyMs: 1000,
          run: async () => {
            runs++;
            if (runs === 1) throw new Error('database gone');
          },
        },
      ],
      errorLog(errors),
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('database gone')]);
    await scheduler.stop();
  });

  test('each schedule keeps its own pace, and a name is listed once', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const scheduler = new Scheduler([
      { name: 'often', everyMs: 100, run: async () => runs.push('often') },
      { name: 'seldom', everyMs: 250, run: async () => runs.push('seldom') },
    ]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(runs.filter((r) => r === 'often')).toHaveLength(6);
    expect(runs.filter((r) => r === 'seldom')).toHaveLength(3);
    await scheduler.stop();
    expect(
      () =>
        new Scheduler([
          { name: 'x', everyMs: 1, run: async () => 0 },
          { name: 'x', everyMs: 2, run: async () => 0 },
        ]),
    ).toThrow('schedule x is listed twice');
  });
});
