import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

const maintenance = () => json(200, { maintenance: true, auth: { strategy: 'local', oidc: null } });

describe('maintenance mode', () => {
  it.each([
    ['/', 'The dashboard is being updated, back momentarily.'],
    ['/login', 'The dashboard is being updated, back momentarily.'],
    ['/no/such/page', 'The dashboard is being updated, back momentarily.'],
    ['/es/persons/co', 'El panel se está actualizando, volvemos en un momento.'],
  ])('%s shows the maintenance page', async (path, text) => {
    const requests = stubApi({ 'GET /api/config': maintenance });
    renderApp(path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/api/auth/user'))).toBe(false);
  });

  it('reads the config once per page load', async () => {
    const requests = stubApi({});
    renderApp('/forms');
    await screen.findByRole('heading', { name: 'Form' });
    fireEvent.click(screen.getByRole('link', { name: 'Español' }));
    await screen.findByRole('heading', { name: 'Formulario' });
    expect(requests.filter((r) => r.url.endsWith('/api/config'))).toHaveLength(1);
  });
});
