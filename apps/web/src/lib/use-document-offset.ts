import { useLayoutEffect, useState, type RefObject } from 'react';

/** Distance from the top of the document, through the offset parents (so the window's scroll does not enter). */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) top += node.offsetTop;
  return top;
}

/**
 * How far below the top of the document an element starts (the window virtualiser's `scrollMargin`).
 * Read after every render: filters wrapping to two lines or a selection bar appearing move the list.
 */
export function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  // After every render on purpose (what moves the list is outside it); it settles: a same value sets nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const next = ref.current ? documentTop(ref.current) : 0;
    if (next !== offset) setOffset(next);
  });
  return offset;
}
