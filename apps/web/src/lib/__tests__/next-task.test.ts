import { describe, expect, it, vi } from 'vitest';
import { nextTask } from '../next-task.ts';

describe('nextTask', () => {
  it('resolves after the current task, not in its microtasks', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    expect(order).toEqual(['microtask']);
    await done;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it('is not held back by fake timers', async () => {
    vi.useFakeTimers();
    try {
      await expect(nextTask()).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
