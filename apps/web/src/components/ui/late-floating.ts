import type { ComponentType } from 'react';
import type * as FloatingModule from './floating.tsx';
import { lateComponent, whenPainted, type Swap } from '../../first-load/index.ts';

type Floating = typeof FloatingModule;
let floating: Promise<Floating> | null = null;

/** The floating components' chunk (floating.tsx): one request however many wrappers ask. */
export function loadFloating(): Promise<Floating> {
  floating ??= whenPainted(() => import('./floating.tsx'));
  return floating;
}

/**
 * A component built from the floating chunk's components, loaded with it after the first paint: a late
 * component (first-load/late-component.tsx), shown in place of its `fallback` (an inert look-alike) when its turn
 * comes, as each popover's first render is a synchronous re-render inside its commit — or, with
 * `swap: 'on-intent'`, only once the user reaches for it.
 */
export function lateFloating<P extends object>(
  build: (module: Floating) => ComponentType<P>,
  options?: { swap?: Swap },
) {
  return lateComponent(() => loadFloating().then(build), options);
}
