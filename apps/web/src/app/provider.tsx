import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useAuthReset } from '../features/auth/hooks/use-auth-reset.ts';
import { createQueryClient } from '../lib/query-client.ts';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });

function AuthSession() {
  useAuthReset();
  return null;
}

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything a page needs around it: UI kit, toasts (top-center, SPEC §2), server state, session watch. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme}>
      {/* Top-center, and auto-close pauses while any toast is hovered (SPEC §2). */}
      <Notifications position="top-center" pauseResetOnHover="all" />
      <QueryClientProvider client={client}>
        <AuthSession />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
