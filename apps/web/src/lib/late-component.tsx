import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { inTurn, whenPainted } from './after-first-paint.ts';
import { OnIntent, type Loaded } from './on-intent.tsx';

/** A late component's props: its own, and what shows in its place until it has arrived. */
export type LateProps<P> = P & { fallback?: ReactNode };

/**
 * When a late part replaces its look-alike: `in-turn`, as soon as its code is in, one part at a time
 * (below); `on-intent`, only when the user points at, focuses or presses the look-alike (on-intent.tsx),
 * for the parts that look the same either way (the list's selects, date picker, export menu, tooltips):
 * each swap was a long task after the list's first paint.
 */
export type Swap = 'in-turn' | 'on-intent';

/**
 * A component whose code arrives later (`load`, e.g. after the first paint): until then its `fallback`
 * prop shows (an inert look-alike), then the component, handed to React in turn with the page's other
 * late parts (after-first-paint.ts's `inTurn`) and inside a transition.
 * Not React.lazy and Suspense: React reveals a Suspense boundary's content in a retry render,
 * held until 300 ms after the last fallback shown or revealed, so every part that arrived meanwhile came
 * in one commit — with the popovers' first renders, the list's longest task after its first paint. A
 * transition is not held, and React renders it in slices: each part is a small commit of its own.
 * Once loaded, later mounts of an in-turn part render the component at once. A load that fails is thrown
 * where the part is rendered, for the nearest error boundary, as React.lazy does.
 */
export function lateComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { swap = 'in-turn' }: { swap?: Swap } = {},
) {
  let loaded: Loaded<P> | null = null;
  let loading: Promise<Loaded<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = { component }),
      (error: unknown) => (loaded = { error }),
    ));

  function Late({ fallback = null, ...props }: LateProps<P>) {
    const [shown, setShown] = useState(loaded);
    useEffect(() => {
      if (shown) return;
      let mounted = true;
      void inTurn(start()).then((result) => {
        if (mounted) startTransition(() => setShown(result));
      });
      return () => {
        mounted = false;
      };
    }, [shown]);
    return shown ? renderLoaded(shown, props as P) : fallback;
  }

  function LateOnIntent({ fallback = null, ...props }: LateProps<P>) {
    return <OnIntent load={start} fallback={fallback} render={(shown: Loaded<P>) => renderLoaded(shown, props as P)} />;
  }
  return swap === 'on-intent' ? LateOnIntent : Late;
}

function renderLoaded<P extends object>(shown: Loaded<P>, props: P) {
  if ('error' in shown) throw shown.error;
  const { component: Component } = shown;
  return <Component {...props} />;
}

/** A late component whose code loads once the page's first paint is on screen (after-first-paint.ts). */
export function lateAfterPaint<P extends object>(load: () => Promise<ComponentType<P>>, options?: { swap?: Swap }) {
  return lateComponent(() => whenPainted(load), options);
}
