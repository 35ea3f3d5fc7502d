import { NotFoundPage } from '../../components/ui/not-found-page.tsx';

/** The catch-all route: no page matched (SPEC §2). */
export function Component() {
  return <NotFoundPage />;
}
