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

  it('offline, the visit waits for the network instead of failing into a reload', async () => {
    let online = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const Component = () => null;
    const load = vi.fn(() => Promise.resolve({ Component }));
    const visit = lazyPage(load)();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await expect(visit).resolves.toEqual({ Component });
    expect(reload).not.toHaveBeenCalled();
    onLine.mockRestore();
  });
});
