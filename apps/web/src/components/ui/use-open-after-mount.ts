import { useEffect, useState } from 'react';

/**
 * `opened`, but false until the frame after mounting: a dialog loaded on demand mounts already asked to
 * open, and Mantine's Modal/Drawer remember what to give focus back to only when `opened` turns true
 * after mounting. Closing then returns focus to the button that opened it.
 */
export function useOpenAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return opened && mounted;
}
