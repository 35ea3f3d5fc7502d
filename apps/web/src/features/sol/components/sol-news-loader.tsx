import { lazy, Suspense } from 'react';
import { withCatalogue } from '../../../lib/i18n.ts';
import { solNewsDismissed } from '../utils/news-storage.ts';
import { afterPaint } from '../../../lib/after-first-paint.ts';

const SolNews = lazy(afterPaint(withCatalogue(() => import('./sol-news.tsx'), 'more')));

/** Tiny, in the layout: loads the news popup's chunk only for a user who has not dismissed it. */
export function SolNewsLoader({ userId }: { userId: string | undefined }) {
  if (!userId || solNewsDismissed(userId)) return null;
  return (
    <Suspense fallback={null}>
      <SolNews userId={userId} />
    </Suspense>
  );
}
