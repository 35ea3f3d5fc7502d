import { startTransition, useEffect, useState, type RefObject } from 'react';

/** Distance from the top of the document, through the offset parents (so the window's scroll does not enter). */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null)
    top += node.offsetTop;
  return top;
}

/**
 * How far below the top of the document an element starts (the window virtualiser's `scrollMargin`).
 * Read after every render: filters wrapping to two lines or a selection bar appearing move the list.
 * Read in the next frame, when the browser has laid the page out for the paint anyway: read right after
 * React's changes (a layout effect) it forced that layout inside the render's task, which made mounting
 * a page of rows one long task. The value is a frame late, which the rows' range absorbs; null
 * until the first read (a virtualiser then renders no rows: it cannot know which are in view). Set in a
 * transition: the first value is what brings a list's rows in, and a render of them set from a frame
 * callback would be one blocking render; in a transition React renders them in slices.
 */
export function useDocumentOffset(ref: RefObject<HTMLElement | null>): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  // After every render on purpose (what moves the list is outside it); it settles: a same value sets nothing.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const next = ref.current ? documentTop(ref.current) : 0;
      startTransition(() => setOffset((current) => (current === next ? current : next)));
    });
    return () => cancelAnimationFrame(frame);
  });
  return offset;
}
