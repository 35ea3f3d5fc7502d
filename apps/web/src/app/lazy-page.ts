import type { LoaderFunction } from 'react-router';
import { reloadForFailedChunk } from '../lib/chunk-reload.ts';
import { whenOnline } from '../lib/when-online.ts';

/** What a page module gives the router: its component and, when the page has one, its validity check. */
export type PageModule = { Component: React.ComponentType; loader?: LoaderFunction };

/**
 * A route's `lazy`: loads the page module on first visit. If the module cannot be fetched (typically a
 * new release removed the old chunk) the page reloads once; a second failure within 60 s shows the
 * error page instead (SPEC §2, lib/chunk-reload.ts). Offline, the visit waits for the network (the
 * offline banner says why) rather than fail.
 */
export function lazyPage(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return async () => {
    try {
      await whenOnline();
      return await load();
    } catch (error) {
      // The reload replaces the page: never settle, so no error flashes before it.
      if (reloadForFailedChunk()) return new Promise<never>(() => undefined);
      throw error;
    }
  };
}
