import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('404 page', () => {
  it('says the page could not be found and links home', async () => {
    stubApi({});
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('speaks Spanish under /es', async () => {
    stubApi({});
    renderApp('/es/nada');
    expect(await screen.findByRole('heading', { name: 'No se pudo encontrar esta página' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/es');
  });
});
