/**
 * Chunk groups of their own for modules that several pages use (after pageChunkGroups' groups in
 * codeSplitting), so that loading one page does not pull another page's chunks in (issue #11;
 * e2e/auth.spec.ts checks that a page load of /login fetches no app shell).
 */
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
  // one file, which a list page's server names among the chunks to load after the first paint (apps/server's
  // web-preloads.ts finds it by name).
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-chunk\.ts$/, priority: 3 },
  // Only the lazy floating components (components/ui/floating.tsx, dialogs) use @floating-ui: its
  // own chunk, or the bundler may fold it into a chunk the list loads at once (the ScrollArea's).
  { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
];
