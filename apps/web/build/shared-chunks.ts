/**
 * Chunk groups of their own for modules that several pages use (after pageChunkGroups' groups in
 * codeSplitting), so that loading one page does not pull another page's chunks in
 * (e2e/auth.spec.ts checks that a page load of /login fetches no app shell).
 */
/** The modules of the overlay kit (its group below explains it), by path. */
const OVERLAY_KIT = new RegExp(
  [
    '/node_modules/@floating-ui/',
    '/node_modules/(react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)/',
    '/@mantine/core/esm/components/(Popover|Combobox|Select|Menu|Tooltip|Avatar|Portal|ScrollArea|Overlay|FocusTrap|Modal|ModalBase)/',
    '/@mantine/core/esm/components/(Radio/RadioIcon|Accordion/AccordionChevron)\\.mjs$',
    '/@mantine/core/esm/utils/Floating/',
    '/@mantine/core/esm/core/(DirectionProvider/|Box/get-style-object/)',
    '/@mantine/core/esm/core/utils/(find-element-ancestor|create-scoped-keydown-handler|noop|close-on-escape|get-ref-prop|get-default-z-index|is-element|get-single-element-child|create-event-handler|find-element-in-shadow-dom|get-context-item-index)/',
    '/@mantine/hooks/esm/(use-click-outside|use-long-press|use-merged-ref|use-focus-return|use-focus-trap|use-previous|use-window-event|utils/clamp)/',
  ].join('|'),
);

export const SHARED_CHUNK_GROUPS = [
  // Roles and scopes: the list needs them, and so does the sign-in form's check (the auth schemas),
  // which would otherwise load the list's chunk, and the app's shell with it, on the sign-in page.
  { name: 'scopes', test: /[\\/]packages[\\/]shared[\\/]src[\\/]auth[\\/]scopes\.ts$/, priority: 4 },
  // TanStack Query's mutations (the app's sign-in route and most screens): not in the sign-in route's
  // chunk, which the list would then load too.
  {
    name: 'mutations',
    test: /[\\/]@tanstack[\\/](react-query[\\/].*useMutation|query-core[\\/].*mutationObserver)/,
    priority: 2,
  },
  // Zod on its own, with the module through which lib/zod-first.ts evaluates it before any schema module:
  // one file, which a list page's server names among the chunks to load after the first paint
  // (build/page-preloads.ts finds it by name).
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-chunk\.ts$/, priority: 3 },
  // The overlays' kit: what Mantine's Select, Menu, Tooltip, Popover and Modal need beyond the list's own
  // chunks (Combobox, Portal, ScrollArea, FocusTrap, ModalBase, @floating-ui, react-remove-scroll, their
  // small helpers), in one chunk. Left to the bundler they came as a dozen small chunks shared with other
  // late parts, and each late part a page imports (its popovers, its date picker) made Vite's preload
  // helper add a modulepreload link per chunk, all in one long task. Modules the list, the shell or the
  // sign-in page load first stay in their own chunks: those groups come first at this priority.
  { name: 'overlay-kit', test: (id: string) => OVERLAY_KIT.test(id.replaceAll('\\', '/')), priority: 1 },
];
