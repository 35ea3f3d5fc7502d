import { useRouteError } from 'react-router';
import { EmptyLayout } from '../../components/layouts/empty-layout.tsx';
import { ErrorPage } from '../../components/ui/error-page.tsx';
import { ErrorPageBoundary } from '../../components/ui/error-page-boundary.tsx';

/** The routes' error element: the generic error page (SPEC §2), itself guarded against failing. */
export function ErrorRoute() {
  const error = useRouteError();
  return (
    <ErrorPageBoundary>
      <EmptyLayout>
        <ErrorPage error={error} />
      </EmptyLayout>
    </ErrorPageBoundary>
  );
}
