import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingIndicator, type LoadingState } from '../loading-indicator.ts';

describe('loading indicator timing', () => {
  let states: LoadingState[];
  const last = () => states.at(-1);

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('stays hidden for a navigation shorter than the 200 ms throttle', () => {
    const bar = createLoadingIndicator((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(1000);
    expect(states).toEqual([]);
  });

  it('shows after 200 ms and fills over 5000 ms', () => {
    const bar = createLoadingIndicator((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(200);
    expect(last()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(2500);
    expect(last()).toEqual({ visible: true, progress: 50 });
    vi.advanceTimersByTime(5000);
    expect(last()).toEqual({ visible: true, progress: 100 });
    bar.dispose();
  });

  it('completes on finish and hides 500 ms later', () => {
    const bar = createLoadingIndicator((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(1200);
    bar.finish();
    expect(last()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(last()?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, progress: 0 });
  });

  it('restarts at once when a navigation begins while the bar is still fading out', () => {
    const bar = createLoadingIndicator((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(last()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    expect(last()?.visible).toBe(true);
    bar.dispose();
  });
});
