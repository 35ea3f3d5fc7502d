import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

describe('language switcher', () => {
  it('switches to Spanish on the same page, keeping the query', async () => {
    stubApi({});
    const { router } = renderApp('/login?redirect=%2Fx');
    await screen.findByRole('heading', { name: 'Sign in' });

    fireEvent.click(screen.getByRole('link', { name: 'Español' }));

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/es/login');
    expect(router.state.location.search).toBe('?redirect=%2Fx');
    expect(document.documentElement.lang).toBe('es');
  });

  it('switches back to English without the prefix', async () => {
    stubApi({});
    const { router } = renderApp('/es/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(screen.getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('link', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('remembers the choice for the root only', async () => {
    stubApi({});
    const first = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Español' }));
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    first.unmount();

    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(router.state.location.pathname).toBe('/es/login');
  });
});
