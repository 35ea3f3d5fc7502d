import { expect, type Page } from '@playwright/test';

/** The page's running transitions and finite animations, two frames from now (by then a transition whose styles were just set has started). */
function runningTransitions(): Promise<string[]> {
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        resolve(
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => {
              const name =
                a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : a.id;
              const target = (a.effect as KeyframeEffect | null)?.target;
              return `${name} on ${target?.tagName.toLowerCase() ?? '?'}.${[...(target?.classList ?? [])].slice(0, 2).join('.')}`;
            }),
        ),
      ),
    ),
  );
}

/**
 * Resolves once no CSS transition or finite animation runs on the page (modals, flyouts, toasts fading in).
 * Endless ones (loaders, skeletons' pulse) are not waited for.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(runningTransitions), { message: 'transitions still running' }).toEqual([]);
}
