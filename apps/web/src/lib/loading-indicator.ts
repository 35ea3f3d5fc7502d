/** SPEC §9: the navigation bar waits 200 ms, fills over 5000 ms and hides 500 ms after finishing. */
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500, tickMs: 100 } as const;

export type LoadingState = { visible: boolean; progress: number };
export type LoadingIndicator = { start: () => void; finish: () => void; dispose: () => void };

export const HIDDEN: LoadingState = { visible: false, progress: 0 };

/**
 * The bar's timing, free of React so it can be tested with fake timers. A navigation faster than the
 * throttle never shows the bar (no flicker); a slow one fills linearly and waits full until it ends.
 */
export function createLoadingIndicator(
  onChange: (state: LoadingState) => void,
  { throttleMs, durationMs, hideDelayMs, tickMs } = LOADING_BAR,
): LoadingIndicator {
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let running = false;
  let visible = false;

  const clear = () => {
    clearTimeout(throttle);
    clearTimeout(hide);
    clearInterval(tick);
  };

  const show = () => {
    visible = true;
    const shownAt = Date.now();
    onChange({ visible, progress: 0 });
    tick = setInterval(() => {
      onChange({ visible, progress: Math.min(100, ((Date.now() - shownAt) / durationMs) * 100) });
    }, tickMs);
  };

  return {
    start() {
      if (running) return;
      running = true;
      clear();
      if (visible) show();
      else throttle = setTimeout(show, throttleMs);
    },
    finish() {
      if (!running) return;
      running = false;
      clear();
      if (!visible) return;
      onChange({ visible, progress: 100 });
      hide = setTimeout(() => {
        visible = false;
        onChange(HIDDEN);
      }, hideDelayMs);
    },
    dispose: clear,
  };
}
