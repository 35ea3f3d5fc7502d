import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * SPEC §9's upload helper: a simulated upload lasts 1500 ms, and a file just uploaded is highlighted for
 * 1000 ms. Our uploads are real (their time is the network's), so only the highlight applies.
 */
export const UPLOAD_SIMULATED_MS = 1500;
export const UPLOAD_HIGHLIGHT_MS = 1000;

/** The ids marked in the last `ms` milliseconds: `mark(id)` highlights one, which fades by itself. */
export function useJustCompleted(ms: number = UPLOAD_HIGHLIGHT_MS) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  const mark = useCallback(
    (id: string) => {
      setIds((old) => new Set(old).add(id));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setIds((old) => {
          const next = new Set(old);
          next.delete(id);
          return next;
        });
      }, ms);
      timers.current.add(timer);
    },
    [ms],
  );
  return { isJustCompleted: (id: string) => ids.has(id), mark };
}
