/** SPEC §9: the dropdown widget's limits, for Mantine's option lists and menus and for our own (components/ui/dropdown). */
export const DROPDOWN = { maxHeight: 350, minWidth: 160, transitionMs: 150 } as const;

/** Our own dropdowns' panel: the spec's limits, set on the element so a test can read them. */
export const DROPDOWN_STYLE = {
  maxHeight: DROPDOWN.maxHeight,
  minWidth: DROPDOWN.minWidth,
  animationDuration: `${DROPDOWN.transitionMs}ms`,
} as const;
