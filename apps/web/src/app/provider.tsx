import '@mantine/notifications/styles.css';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { OfflineBanner } from '../components/ui/offline-banner.tsx';
import { useAuthReset } from '../features/auth/hooks/use-auth-reset.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { UiProvider } from './ui-provider.tsx';
import { whenPainted } from '../first-load/index.ts';

// The toast viewport (and its transitions) loads after the first paint; toasts shown before wait in its store.
const Notifications = lazy(() => whenPainted(() => import('../components/ui/toast-viewport.tsx')));

/**
 * The toast viewport, mounted with the first toast and kept from then on: mounting it (a portal and a
 * transition group per position) was one more task of a page's load with nothing to show.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  if (!shown && notifications.length + queue.length > 0) setShown(true);
  // Top-center, and auto-close pauses while any toast is hovered (SPEC §2).
  return (
    shown && (
      <Suspense>
        <Notifications position="top-center" pauseResetOnHover="all" />
      </Suspense>
    )
  );
}

function AuthSession() {
  useAuthReset();
  return null;
}

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything a page needs around it: UI kit, toasts (top-center, SPEC §2), server state, session watch. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <UiProvider>
      <Toasts />
      <QueryClientProvider client={client}>
        <AuthSession />
        <OfflineBanner />
        {children}
      </QueryClientProvider>
    </UiProvider>
  );
}
