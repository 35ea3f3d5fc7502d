import type { ReactNode } from 'react';

/**
 * One link of a navbar, its drawer or a section's sub-navigation. `badge`: what the link shows after its
 * label (e.g. a count), read as part of it.
 */
export type NavItem = { to: string; label: string; active?: boolean; badge?: ReactNode };
