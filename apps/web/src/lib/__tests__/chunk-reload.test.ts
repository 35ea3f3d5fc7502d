import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, reloadForFailedChunk } from '../chunk-reload.ts';

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
