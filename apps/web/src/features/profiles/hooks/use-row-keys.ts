import type { KeyboardEvent } from 'react';

/** The focusable controls of a row, in order (marked `data-row-control` in the row). */
const CONTROL = '[data-row-control]';

/**
 * Arrow-key movement between rows of a virtualised table: ArrowUp/ArrowDown move to the same control
 * of the row above or below, Home/End (with Ctrl) to the first or last loaded row. The target row may
 * not be rendered yet, so it is scrolled into the window first and focused once it exists.
 */
export function useRowKeys(count: number, scrollToIndex: (index: number) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-index]');
    if (!row || !target.matches(CONTROL)) return;
    const index = Number(row.dataset.index);
    const next =
      event.key === 'ArrowDown'
        ? index + 1
        : event.key === 'ArrowUp'
          ? index - 1
          : event.key === 'Home' && event.ctrlKey
            ? 0
            : event.key === 'End' && event.ctrlKey
              ? count - 1
              : null;
    if (next === null || next < 0 || next >= count) return;
    event.preventDefault();
    const column = [...row.querySelectorAll(CONTROL)].indexOf(target);
    const body = row.parentElement;
    scrollToIndex(next);
    // The row renders on the virtualiser's next update: look for it for a few frames.
    let tries = 10;
    const focus = () => {
      const control = body?.querySelector(`[data-index="${next}"]`)?.querySelectorAll<HTMLElement>(CONTROL)[column];
      if (control) control.focus();
      else if (tries-- > 0) requestAnimationFrame(focus);
    };
    requestAnimationFrame(focus);
  };
}
