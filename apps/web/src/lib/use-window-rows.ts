import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { startTransition, useEffect, useState } from 'react';

type Rect = { width: number; height: number };

const readRect = (): Rect => ({ width: window.innerWidth, height: window.innerHeight });
/** The window's size as last read: at start-up (nothing laid out yet, so reading it costs nothing), then on resize. */
let windowRect: Rect = readRect();

/**
 * The window's size for a virtualiser, from resize events. TanStack's own observer reads
 * window.innerWidth/innerHeight as the virtualiser mounts, inside React's commit: under a mobile viewport that
 * read lays out the page the commit just changed, in the commit's task (issue #11: with the profile list's
 * first rows, a third of the longest task after the first paint). Here the first read waits for the next
 * frame, where the browser lays the page out for the paint anyway; until then the size known at start-up
 * (initialRect) stands.
 */
function observeWindowRect(instance: Virtualizer<Window, Element>, cb: (rect: Rect) => void): (() => void) | undefined {
  const target = instance.scrollElement;
  if (!target) return undefined;
  const read = () => {
    windowRect = readRect();
    cb(windowRect);
  };
  const frame = requestAnimationFrame(read);
  target.addEventListener('resize', read, { passive: true });
  return () => {
    cancelAnimationFrame(frame);
    target.removeEventListener('resize', read);
  };
}

/**
 * Where the window is scrolled to, from scroll events (read once at start-up, when nothing is laid out yet).
 * The virtualiser writes its offset to the window as it mounts — window.scrollTo(0) on a page that is at 0 —
 * and that call, too, lays out the page inside React's commit; a write to where the window already is is
 * skipped (it would not even fire a scroll event).
 */
let windowScrollY = window.scrollY;
window.addEventListener(
  'scroll',
  () => {
    windowScrollY = window.scrollY;
  },
  { passive: true },
);

function scrollWindowTo(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<Window, Element>): void {
  const top = offset + (options.adjustments ?? 0);
  if (options.behavior === undefined && top === windowScrollY) return;
  windowScroll(offset, options, instance);
}

type WindowRowsOptions = {
  count: number;
  /** A row's height in px (rows are not measured). */
  estimate: number;
  /** Rows rendered beyond the window on each side once the first rows are on screen. */
  overscan: number;
  /** Where the rows start below the top of the document (lib/use-document-offset.ts). */
  scrollMargin: number;
};

/**
 * A window virtualiser for a table's rows. The first rows render without overscan: only what is in view
 * goes into the first commit, and the rows beyond it follow in a background render once that is painted
 * (issue #11: the first commit of the profile list's rows is the longest task of its load, and its
 * overscan was half of it). Scrolling, arrow keys and screen readers see the full overscan from then on.
 */
export function useWindowRows({ count, estimate, overscan, scrollMargin }: WindowRowsOptions) {
  const [painted, setPainted] = useState(false);
  const hasRows = count > 0;
  useEffect(() => {
    if (painted || !hasRows) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the first rows, in a task of its own, time-sliced.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, hasRows]);
  return useWindowVirtualizer({
    count,
    estimateSize: () => estimate,
    overscan: painted ? overscan : 0,
    scrollMargin,
    initialRect: windowRect,
    observeElementRect: observeWindowRect,
    scrollToFn: scrollWindowTo,
  });
}
