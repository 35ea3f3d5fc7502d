import type { ReactNode } from 'react';
import classes from './tooltip.module.css';

/**
 * A short label shown under `children` on hover or keyboard focus, by CSS alone (tooltip.module.css): it
 * costs the page no code and no late swap. Decorative: `children` must carry the same text as its
 * accessible name (an aria-label), since a pseudo-element's text is not reliably announced.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.root} data-label={label}>
      {children}
    </span>
  );
}
