import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_HIGHLIGHT_MS, useJustCompleted } from '../use-just-completed.ts';

describe('useJustCompleted (SPEC §9: the upload just-complete highlight)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('highlights a file just uploaded for 1000 ms, then lets it go', () => {
    expect(UPLOAD_HIGHLIGHT_MS).toBe(1000);
    const { result } = renderHook(() => useJustCompleted());
    act(() => result.current.mark('a'));
    expect(result.current.isJustCompleted('a')).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.isJustCompleted('a')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isJustCompleted('a')).toBe(false);
  });
});
