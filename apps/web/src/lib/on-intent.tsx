import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** A late part's code once its load has settled: the component, or why it failed. */
export type Loaded<P> = { component: ComponentType<P> } | { error: unknown };

/** What the user did to a look-alike, weakest first: a stronger sign replaces a weaker one. */
const INTENTS = ['point', 'focus', 'press'] as const;
type Intent = (typeof INTENTS)[number];

/** The control in the arrived part that takes the focus and the press the look-alike had. */
const CONTROL = 'input:not([type="hidden"]):not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

type OnIntentProps<P> = {
  /** Starts (or joins) the part's load; the same promise every call. */
  load: () => Promise<Loaded<P>>;
  fallback: ReactNode;
  render: (loaded: Loaded<P>) => ReactNode;
};

/**
 * `fallback`, a look-alike, until the user points at it, focuses it or presses it; then what `render`
 * makes of the loaded code, with the focus and the press handed over to its first control, so a tab or
 * a tap on the look-alike lands where it would have on the real part (the select opens, the menu drops
 * down). The code loads at mount; a look-alike nobody uses is never replaced.
 * The box around both takes no room (display: contents) and has no role.
 */
export function OnIntent<P>({ load, fallback, render }: OnIntentProps<P>) {
  const box = useRef<HTMLDivElement>(null);
  const intent = useRef<Intent | null>(null);
  const [wanted, setWanted] = useState(false);
  const [shown, setShown] = useState<Loaded<P> | null>(null);

  useEffect(() => {
    let mounted = true;
    const loading = load();
    if (wanted)
      void loading.then((result) => {
        if (mounted) setShown(result);
      });
    return () => {
      mounted = false;
    };
  }, [load, wanted]);

  // Before the browser paints the part: the focus, lost with the look-alike, goes to its control.
  useLayoutEffect(() => {
    const control = shown && box.current?.querySelector<HTMLElement>(CONTROL);
    if (!control) return;
    const active = document.activeElement;
    const hadFocus = active === null || active === document.body || box.current!.contains(active);
    if (intent.current === 'press' || (intent.current === 'focus' && hadFocus)) control.focus();
    if (intent.current === 'press') control.click();
  }, [shown]);

  const want = (next: Intent) => {
    const now = intent.current;
    if (!now || INTENTS.indexOf(next) > INTENTS.indexOf(now)) intent.current = next;
    setWanted(true);
  };
  return (
    <div
      ref={box}
      style={{ display: 'contents' }}
      onPointerOver={shown ? undefined : () => want('point')}
      onPointerDown={shown ? undefined : (event) => finishPress(event.target as Element, box.current!)}
      onFocus={shown ? undefined : () => want('focus')}
      onClick={shown ? undefined : () => want('press')}
    >
      {shown ? render(shown) : fallback}
    </div>
  );
}

/**
 * A press that began on the look-alike and was still down when the part replaced it gets no click (the
 * browser clicks only where both halves of a press landed): its release over the part presses the
 * control. A press the look-alike kept to the end is a click on it, handed over by OnIntent.
 */
function finishPress(pressed: Element, box: HTMLElement) {
  let clicked = false;
  const onClick = () => (clicked = true);
  const onRelease = (event: PointerEvent) => {
    document.removeEventListener('pointerup', onRelease, true);
    document.removeEventListener('pointercancel', onRelease, true);
    const over = event.target instanceof Node && box.contains(event.target);
    if (event.type !== 'pointerup' || pressed.isConnected || !over) return;
    document.addEventListener('click', onClick, true);
    // After the release's own click, if the browser sends one after all.
    setTimeout(() => {
      document.removeEventListener('click', onClick, true);
      if (!clicked) box.querySelector<HTMLElement>(CONTROL)?.click();
    }, 0);
  };
  document.addEventListener('pointerup', onRelease, true);
  document.addEventListener('pointercancel', onRelease, true);
}
