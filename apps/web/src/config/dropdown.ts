/** SPEC §9: the dropdown widget's limits, for Mantine's option lists and menus and for our own (components/ui/dropdown). */
export const DROPDOWN = { maxHeight: 350, minWidth: 160, transitionMs: 150 } as const;

/**
 * Mantine's option lists are fixed to the screen, not placed in the page: a list drawn for one frame past
 * a phone's right edge (before it is measured) would widen the page, the phone would zoom out and scroll
 * the field off screen, and the list, its field out of sight, would stay hidden (e2e/inbox.spec.ts).
 */
export const COMBOBOX_PROPS = { floatingStrategy: 'fixed' } as const;

/** Our own dropdowns' panel: the spec's limits, set on the element so a test can read them. */
export const DROPDOWN_STYLE = {
  maxHeight: DROPDOWN.maxHeight,
  minWidth: DROPDOWN.minWidth,
  animationDuration: `${DROPDOWN.transitionMs}ms`,
} as const;
