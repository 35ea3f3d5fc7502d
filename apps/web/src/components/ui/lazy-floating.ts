import { lazy, type ComponentType } from 'react';
import type * as FloatingModule from './floating.tsx';
import { inTurn, whenPainted } from '../../lib/after-first-paint.ts';

type Floating = typeof FloatingModule;
let floating: Promise<Floating> | null = null;

/** The floating components' chunk (floating.tsx): one request however many wrappers ask. */
export function loadFloating(): Promise<Floating> {
  floating ??= whenPainted(() => import('./floating.tsx'));
  return floating;
}

/**
 * A component built from the floating chunk's components, loaded with it (React.lazy: render it inside
 * Suspense, with an inert look-alike as the fallback). Revealed in turn with the page's other late parts
 * (`inTurn`): each popover's first render is a synchronous re-render inside its commit.
 */
export function lazyFloating<P extends object>(build: (module: Floating) => ComponentType<P>) {
  return lazy(() => inTurn(loadFloating()).then((module) => ({ default: build(module) })));
}
