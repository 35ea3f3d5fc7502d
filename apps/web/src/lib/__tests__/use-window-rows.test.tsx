import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWindowRows } from '../use-window-rows.ts';

/** jsdom's window is 1024 × 768: 40 px rows from the top of the document fill it with 20 rows. */
const ROW = 40;
const IN_VIEW = Math.ceil(window.innerHeight / ROW);

type RowsProps = {
  count: number;
  overscan: number;
  scrollMargin?: number | null;
  onVirtualizer?: (v: ReturnType<typeof useWindowRows>['virtualizer']) => void;
};

function Rows({ count, overscan, scrollMargin = 0, onVirtualizer }: RowsProps) {
  const { virtualizer, items, after } = useWindowRows({ count, estimate: ROW, overscan, scrollMargin });
  onVirtualizer?.(virtualizer);
  return (
    <ul data-after={after}>
      {items.map((item) => (
        <li key={item.key} data-testid="row">
          {item.index}
        </li>
      ))}
    </ul>
  );
}

/** The frame after a commit, then the task the overscan is added in. */
async function nextFrameAndTask() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  // The module keeps the window size from resize events: after a test that faked one, it reads the real
  // size again, whatever order the tests run in (`--sequence.shuffle`).
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
});

describe('useWindowRows', () => {
  it('commits only the rows in view first, and the overscan once they are painted', async () => {
    render(<Rows count={1000} overscan={8} />);
    expect(screen.getAllByTestId('row')).toHaveLength(IN_VIEW);
    await nextFrameAndTask();
    expect(screen.getAllByTestId('row')).toHaveLength(IN_VIEW + 8);
  });

  it('renders no rows until it knows where they start, a spacer keeping their height', () => {
    const { container, rerender } = render(<Rows count={1000} overscan={8} scrollMargin={null} />);
    expect(screen.queryAllByTestId('row')).toHaveLength(0);
    expect(container.querySelector('ul')!.dataset.after).toBe(String(1000 * ROW));
    // Below the first screen (a phone's list): none in view, the virtualiser keeps only the first at hand.
    rerender(<Rows count={1000} overscan={8} scrollMargin={window.innerHeight + ROW} />);
    expect(screen.queryAllByTestId('row').length).toBeLessThanOrEqual(1);
    rerender(<Rows count={1000} overscan={8} scrollMargin={window.innerHeight - 2 * ROW} />);
    expect(screen.getAllByTestId('row')).toHaveLength(2);
  });

  it('does not write the window scroll it is already at, nor read the window size or scroll, while mounting', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const height = vi.spyOn(window, 'innerHeight', 'get');
    // Each read lays out the page the commit before changed, inside the render's task.
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    let virtualizer: Parameters<NonNullable<RowsProps['onVirtualizer']>>[0] | undefined;
    render(<Rows count={1000} overscan={8} onVirtualizer={(v) => (virtualizer = v)} />);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(height).not.toHaveBeenCalled();
    expect(scrollY).not.toHaveBeenCalled();
    // Only that first write is skipped: asked to go somewhere, even where it is, it writes.
    act(() => virtualizer!.scrollToOffset(0));
    expect(scrollTo).toHaveBeenCalled();
  });

  it('follows a resized window', async () => {
    render(<Rows count={1000} overscan={0} />);
    await nextFrameAndTask();
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(ROW * 30);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getAllByTestId('row')).toHaveLength(30);
  });
});
