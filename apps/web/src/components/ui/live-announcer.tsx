import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The least time between two announcements of one region: a burst of updates reads as its latest. */
export const ANNOUNCE_INTERVAL_MS = 3000;

type LiveAnnouncerProps = {
  /** What to say now; a change is announced (politely, after what the reader is saying). */
  message: string;
  /** Said at once, whatever the interval: the end of the work. */
  final?: boolean;
};

/**
 * A polite live region for progress (the flyout and the CSV wizard announce it to screen
 * readers). Updates are throttled so a fast job does not queue dozens of messages; the last one always
 * comes through. The first message is what the screen already shows, so it is not announced.
 */
export function LiveAnnouncer({ message, final = false }: LiveAnnouncerProps) {
  const [spoken, setSpoken] = useState(message);
  const last = useRef(0);
  useEffect(() => {
    if (message === spoken) return;
    const wait = final ? 0 : Math.max(0, last.current + ANNOUNCE_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setSpoken(message);
    }, wait);
    return () => clearTimeout(timer);
  }, [message, final, spoken]);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {spoken}
    </VisuallyHidden>
  );
}
