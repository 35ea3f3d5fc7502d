import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocaleCookie } from '../../lib/locale-cookie.ts';
import { stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('locale cookie redirect', () => {
  it('sends the bare root to the remembered locale', async () => {
    stubApi({});
    setLocaleCookie('es');
    expect(document.cookie).toContain('i18n_redirected=es');
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(router.state.location.pathname).toBe('/es/login');
  });

  it('leaves every other page in the language of its address', async () => {
    stubApi({});
    setLocaleCookie('es');
    const { router } = renderApp('/forms');
    expect(await screen.findByRole('heading', { name: 'Form' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forms');
  });

  it('stays in English at the root without a cookie', async () => {
    stubApi({});
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
