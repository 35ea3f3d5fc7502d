import { lazy, Suspense, useEffect } from 'react';
import { useNavigation } from 'react-router';
import { useLoadingProgress } from '../../lib/use-loading-progress.ts';
import { whenPainted } from '../../lib/after-first-paint.ts';

let barModule: ReturnType<typeof importBar> | null = null;
const importBar = () => import('./progress-bar.tsx');
/** The bar's code (Mantine's Progress and its styles): asked for once, after the first paint. */
export function loadProgressBar() {
  barModule ??= whenPainted(importBar);
  return barModule;
}
const ProgressBar = lazy(loadProgressBar);

/** The thin bar at the top of the window while a navigation (page code, page data) is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { visible, progress } = useLoadingProgress(navigation.state !== 'idle');
  // It shows 200 ms into a navigation at the earliest: by then its code is in.
  useEffect(() => void loadProgressBar().catch(() => (barModule = null)), []);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <ProgressBar progress={progress} />
    </Suspense>
  );
}
