import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { startTransition, useEffect, useState } from 'react';

type Rect = { width: number; height: number };

/** No window: the server renders a page's frame (src/shell/render-shell.tsx). */
const onServer = typeof window === 'undefined';
const readRect = (): Rect =>
  onServer ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight };
/** The window's size as last read: at start-up (nothing laid out yet, so reading it costs nothing), then on resize. */
let windowRect: Rect = readRect();

/**
 * The window's size for a virtualiser, from resize events. TanStack's own observer reads
 * window.innerWidth/innerHeight as the virtualiser mounts, inside React's commit: under a mobile viewport that
 * read lays out the page the commit just changed, in the commit's task (with the profile list's
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
 * A virtualiser writes its offset to the window as it mounts — window.scrollTo(0) on a page that is at 0 —
 * and that call, too, lays out the page inside React's commit. That first write is skipped when the window
 * is already there (it would not even fire a scroll event); every later one goes through as TanStack's own.
 */
let windowScrollY = onServer ? 0 : window.scrollY;
if (!onServer) {
  window.addEventListener(
    'scroll',
    () => {
      windowScrollY = window.scrollY;
    },
    { passive: true },
  );
}
const hasWritten = new WeakSet<Virtualizer<Window, Element>>();

function scrollWindowTo(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Element>,
): void {
  const first = !hasWritten.has(instance);
  hasWritten.add(instance);
  if (first && options.behavior === undefined && offset + (options.adjustments ?? 0) === windowScrollY) return;
  windowScroll(offset, options, instance);
}

type WindowRowsOptions = {
  count: number;
  /** A row's height in px (rows are not measured). */
  estimate: number;
  /** Rows rendered beyond the window on each side once the first rows are on screen. */
  overscan: number;
  /** Where the rows start below the top of the document (lib/use-document-offset.ts); null until known. */
  scrollMargin: number | null;
};

/**
 * A window virtualiser for a table's rows, and the heights of the spacers before and after the rendered
 * ones. Until the rows' place in the page is known (a frame after the table mounts) none render, a spacer
 * holds their height; then the rows in view, without overscan, and once those are painted, the overscan, in
 * a background render. So the commit that mounts the table holds no rows that are out of view: on a phone
 * the profile list's rows start below the first screen, and its first commit used to mount a screenful of
 * them anyway, the longest task of the list's load. Scrolling, arrow keys and screen readers see
 * the full overscan from then on.
 */
export function useWindowRows({ count, estimate, overscan, scrollMargin }: WindowRowsOptions) {
  const placed = scrollMargin !== null;
  const margin = scrollMargin ?? 0;
  const [painted, setPainted] = useState(false);
  const showing = placed && count > 0;
  useEffect(() => {
    if (painted || !showing) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the first rows, in a task of its own, time-sliced.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, showing]);
  const virtualizer = useWindowVirtualizer({
    count: placed ? count : 0,
    estimateSize: () => estimate,
    overscan: painted ? overscan : 0,
    scrollMargin: margin,
    initialRect: windowRect,
    // TanStack reads window.scrollY in the render that mounts the virtualiser: under a mobile viewport that
    // read lays out the page the commit before changed, inside the render's task.
    initialOffset: () => windowScrollY,
    observeElementRect: observeWindowRect,
    scrollToFn: scrollWindowTo,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0] ? items[0].start - margin : 0;
  const last = items.at(-1);
  const after = !placed ? count * estimate : last ? virtualizer.getTotalSize() - (last.end - margin) : 0;
  return { virtualizer, items, before, after };
}
