import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, DEFAULT_THEME, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '../components/ui/offline-banner.tsx';
import { useAuthReset } from '../features/auth/hooks/use-auth-reset.ts';
import { createQueryClient } from '../lib/query-client.ts';

// The toast viewport (and its transitions) loads after the first paint; toasts shown before wait in its store.
const Notifications = lazy(() => import('../components/ui/toast-viewport.tsx'));

// Accessibility (issue #11, axe in e2e/a11y.spec.ts): links and filled buttons use the darker indigo 7 and
// filled colours pick black or white text themselves (contrast); dialogs' close buttons and pagination
// arrows are named in the page's language (button-name).
function useTheme() {
  const { t } = useTranslation();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('a11y.closeDialog') };
    const getControlProps = (control: 'first' | 'previous' | 'next' | 'last') => ({ 'aria-label': t(`a11y.pagination.${control}`) });
    return createTheme({
      primaryColor: 'indigo',
      primaryShade: { light: 7, dark: 8 },
      autoContrast: true,
      defaultRadius: 'md',
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Pagination: { defaultProps: { getControlProps } },
      },
    });
  }, [t]);
}

// WCAG AA contrast: dimmed and placeholder text are darker, and coloured text, light and outline variants
// (badges, chips, alerts) use a darkened shade 9 instead of Mantine's 6–9, which fail 4.5:1 on light grounds.
const readableColors: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'color-mix(in srgb, var(--mantine-color-gray-6) 80%, black)',
  };
  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const readable = `color-mix(in srgb, var(--mantine-color-${name}-9) 70%, black)`;
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
  }
  return { variables: {}, light, dark: {} };
};

function AuthSession() {
  useAuthReset();
  return null;
}

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything a page needs around it: UI kit, toasts (top-center, SPEC §2), server state, session watch. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useTheme();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColors}>
      {/* Top-center, and auto-close pauses while any toast is hovered (SPEC §2). */}
      <Suspense fallback={null}>
        <Notifications position="top-center" pauseResetOnHover="all" />
      </Suspense>
      <QueryClientProvider client={client}>
        <AuthSession />
        <OfflineBanner />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
