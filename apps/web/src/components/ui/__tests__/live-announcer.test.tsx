import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_INTERVAL_MS, LiveAnnouncer } from '../live-announcer.tsx';

const view = (message: string, final = false) => (
  <MantineProvider>
    <LiveAnnouncer message={message} final={final} />
  </MantineProvider>
);

describe('LiveAnnouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is a polite status region that throttles updates but always says the last one', () => {
    const { rerender } = render(view('0 of 8 reports finished'));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('0 of 8 reports finished');

    rerender(view('1 of 8 reports finished'));
    act(() => vi.advanceTimersByTime(0));
    expect(region.textContent).toBe('1 of 8 reports finished');

    // A burst within the interval reads as its latest message, once.
    rerender(view('2 of 8 reports finished'));
    rerender(view('3 of 8 reports finished'));
    act(() => vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS / 2));
    expect(region.textContent).toBe('1 of 8 reports finished');
    act(() => vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS));
    expect(region.textContent).toBe('3 of 8 reports finished');

    // The end is said at once.
    rerender(view('8 of 8 reports finished', true));
    act(() => vi.advanceTimersByTime(0));
    expect(region.textContent).toBe('8 of 8 reports finished');
  });
});
