import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import type { AppRouter } from './router.tsx';

/**
 * The whole app on `router` (boot.tsx makes it before the first render: its matching of the URL is what
 * start-up preloads by). `queryClient` may come with what the first render needs already in it.
 */
export function App({ router, queryClient }: { router: AppRouter; queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
