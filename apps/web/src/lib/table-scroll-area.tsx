import { lazy } from 'react';

/**
 * What Mantine's Table.ScrollContainer gets for `ScrollArea` (vite.config.ts, tableScrollAreaOnDemand): the
 * real one, loaded when a table first renders with `type="scrollarea"`. The app's tables are native
 * (ui-provider.tsx), so the list and the other tables never load it for this (issue #11).
 */
export const ScrollArea = lazy(() => import('centinela:mantine-scroll-area').then((module) => ({ default: module.ScrollArea })));
