import { useId as useReactId } from 'react';

/**
 * What the build gives Mantine for `@mantine/hooks`'s `useId` (mantine-stable-ids.ts): the id Mantine's own
 * hook starts with, `mantine-` and React's id, kept for the component's life instead of swapped for a random
 * one after mounting. React's id is unique within the root and stable, all the ids are for (labels,
 * descriptions, ARIA); the app has one root per page.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
