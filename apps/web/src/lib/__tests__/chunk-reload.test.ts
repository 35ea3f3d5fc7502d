import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, installChunkReload, reloadForFailedChunk } from '../chunk-reload.ts';

describe('reloadForFailedChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('reloads once, not again within 60 s, and again after', () => {
    const reload = vi.fn();
    expect(reloadForFailedChunk(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(Date.now()));

    vi.advanceTimersByTime(59_999);
    expect(reloadForFailedChunk(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(reloadForFailedChunk(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignores an unreadable stored value', () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, 'garbage');
    const reload = vi.fn();
    expect(reloadForFailedChunk(reload)).toBe(true);
  });
});

describe('installChunkReload (vite:preloadError)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('a page part that failed to load (flyout, dialog, Sol panel, navbar figures) reloads the page once per 60 s', () => {
    const reload = vi.fn();
    const uninstall = installChunkReload(reload);
    const fail = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
    uninstall();
    vi.advanceTimersByTime(60_000);
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('a part that failed while offline', () => {
  let online = false;
  beforeEach(() => {
    window.sessionStorage.clear();
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('reloads when the network is back, not into the browser’s offline page', async () => {
    const reload = vi.fn();
    expect(reloadForFailedChunk(reload)).toBe(true);
    await Promise.resolve();
    expect(reload).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
