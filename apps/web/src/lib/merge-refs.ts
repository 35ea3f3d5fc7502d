import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` for Mantine's ScrollArea, instead of @floating-ui/react's (vite.config.ts redirects that one
 * import here, issue #11): the list's table scrolls in a ScrollArea, and importing @floating-ui/react for
 * this hook put all of @floating-ui (≈ 15 KB gzip, otherwise only in lazy menus, selects and tooltips) in
 * the list's first JS. Same contract: one callback ref that sets every given ref, with React 19 cleanups.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
