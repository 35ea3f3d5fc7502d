import { useState } from 'react';

/** Keyset pages walked forward and back: the cursors of the pages behind the current one. */
export function useCursorPages() {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  const cursor = stack.at(-1);
  return {
    cursor,
    page: stack.length,
    next: (nextCursor: string) => setStack([...stack, nextCursor]),
    previous: () => setStack(stack.length > 1 ? stack.slice(0, -1) : stack),
    reset: () => setStack([undefined]),
  };
}
