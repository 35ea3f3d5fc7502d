import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../provider.tsx';

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('toasts', () => {
  it('mount their viewport with the first toast, not with the page', async () => {
    render(<AppProvider>{null}</AppProvider>);
    // Time for the viewport's code to load and mount, were it mounted with the page.
    await pause(100);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Exported' });
    });
    await screen.findByText('Exported');
    expect(document.querySelector('.mantine-Notifications-root')).toBeTruthy();
    act(() => notifications.clean());
  });

  it('stay while hovered and close once the pointer leaves', async () => {
    render(<AppProvider>{null}</AppProvider>);
    act(() => {
      notifications.show({ message: 'Saved', autoClose: 200 });
    });
    const toast = (await screen.findByText('Saved')).closest('[role="alert"]') ?? screen.getByText('Saved');
    expect(toast.closest('[data-position="top-center"]')).toBeTruthy();

    fireEvent.mouseEnter(toast);
    await pause(500);
    expect(screen.getByText('Saved')).toBeTruthy();

    fireEvent.mouseLeave(toast);
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 2000 });
  });
});
