import { afterEach, describe, expect, test, vi } from 'vitest';
import { runEvery } from '../src/lib/every.ts';

describe('runEvery (the workers’ periodic jobs)', () => {
  afterEach(() => void vi.useRealTimers());

  test('runs at once and on every tick, never two at once; stop waits for the run in flight and ends the ticks', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    let started = 0;
    let finished = 0;
    const stop = runEvery(
      async () => {
        started++;
        await new Promise<void>((r) => (release = r));
        finished++;
      },
      1000,
      () => undefined,
    );
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3000); // three ticks while the first run is still going
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect([started, finished]).toEqual([2, 1]);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
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
    const stop = runEvery(
      async () => {
        runs++;
        if (runs === 1) throw new Error('database gone');
      },
      1000,
      (err) => errors.push(err),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('database gone')]);
    await stop();
  });
});
