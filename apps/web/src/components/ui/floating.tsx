/**
 * Mantine's floating components (Select, Menu: Combobox, Popover, @floating-ui) and the user
 * menu's Avatar in one chunk loaded after a page's first paint: the lazy wrappers
 * (lazy-select.tsx, user-menu.tsx, list-actions.tsx) show an inert look-alike or
 * a skeleton until it is in.
 */
export { Avatar, Menu, Select } from '@mantine/core';
