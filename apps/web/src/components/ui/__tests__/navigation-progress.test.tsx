import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgress } from '../navigation-progress.tsx';
import { PageOutlet } from '../page-transition.tsx';

function setup() {
  let finish: () => void = () => undefined;
  const slow = new Promise<{ Component: () => React.ReactNode }>((resolve) => {
    finish = () => resolve({ Component: () => <p>slow page</p> });
  });
  const shell = () => (
    <>
      <NavigationProgress />
      <Link to="/slow">go</Link>
      <PageOutlet />
    </>
  );
  const router = createMemoryRouter([
    {
      path: '/',
      Component: shell,
      children: [
        { index: true, Component: () => <p>first page</p> },
        { path: 'slow', lazy: () => slow },
      ],
    },
  ]);
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router, finish: () => act(async () => finish()) };
}

describe('navigation progress bar and page transition', () => {
  afterEach(() => vi.useRealTimers());

  it('appears after 200 ms of loading, fades the old page, fades the new one in (not the first), and hides 500 ms after the end', async () => {
    vi.useFakeTimers();
    const { router, finish } = setup();
    // The page the load opens on is painted at once; the fade is for the pages navigated to.
    expect(screen.getByText('first page').closest('[data-transition="page"]')?.className).toBe('');
    await act(async () => void router.navigate('/slow'));
    const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });

    await act(async () => void vi.advanceTimersByTime(199));
    expect(bar()).toBeNull();
    expect(screen.getByText('first page').closest('[data-transition="page"]')?.className).toBe('page-leave-active');
    await act(async () => void vi.advanceTimersByTime(1));
    expect(bar()).toBeTruthy();

    await finish();
    expect(screen.getByText('slow page').closest('[data-transition="page"]')?.className).toBe('page-enter-active');
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    await act(async () => void vi.advanceTimersByTime(500));
    expect(bar()).toBeNull();
  });
});
