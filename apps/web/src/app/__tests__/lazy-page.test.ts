import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lazy-page.ts';

describe('lazyPage', () => {
  const reload = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => {
    vi.useRealTimers();
    reload.mockReset();
  });

  it('hands over the page module', async () => {
    const Component = () => null;
    await expect(lazyPage(() => Promise.resolve({ Component }))()).resolves.toEqual({ Component });
  });

  it('reloads once when the chunk fails, then lets the second failure through', async () => {
    const failing = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const first = failing();
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    void first; // never settles: the page is reloading

    vi.advanceTimersByTime(30_000);
    await expect(failing()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(30_000);
    void failing();
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
