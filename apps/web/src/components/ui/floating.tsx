/**
 * Mantine's floating components (Select, Menu, Tooltip: Combobox, Popover, @floating-ui) in one chunk
 * loaded after a page's first paint (issue #11): the lazy wrappers (lazy-select.tsx, user-menu.tsx,
 * list-actions.tsx, navbar-metrics.tsx) show an inert look-alike until it is in.
 */
export { Menu, Select, Tooltip } from '@mantine/core';
