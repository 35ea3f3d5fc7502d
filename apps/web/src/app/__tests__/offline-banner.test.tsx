import { act, render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../provider.tsx';
import i18n from '../../lib/i18n.ts';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('offline banner', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('shows while the browser is offline and hides once it is back', () => {
    render(<AppProvider>{null}</AppProvider>);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toContain('You are offline');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    render(<AppProvider>{null}</AppProvider>);
    goOffline(true);
    expect(screen.getByRole('status').textContent).toContain('Sin conexión');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
