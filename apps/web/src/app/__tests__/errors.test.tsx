import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from '../../components/ui/error-page.tsx';
import { ErrorPageBoundary } from '../../components/ui/error-page-boundary.tsx';
import { AppError } from '../../lib/normalize-error.ts';
import { storeTokens } from '../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../testing/data.ts';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { AppProvider } from '../provider.tsx';

function renderPage(node: React.ReactNode) {
  return render(
    <AppProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProvider>,
  );
}

function Broken(): React.ReactNode {
  throw new Error('the error page broke');
}

describe('error pages', () => {
  it('shows the message and status 500 by default', () => {
    renderPage(<ErrorPage error={new Error('Database unreachable')} />);
    expect(screen.getByRole('heading', { name: 'Database unreachable' })).toBeTruthy();
    expect(screen.getByText('Status 500')).toBeTruthy();
  });

  it("says 'Error' when there is no message", () => {
    renderPage(<ErrorPage error={{ status: 503 }} />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Status 503')).toBeTruthy();
  });

  it('is the not-found page, with a link home, for a 404', () => {
    renderPage(<ErrorPage error={new AppError(404)} />);
    expect(screen.getByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('falls back to a plain page when the error page itself fails', () => {
    renderPage(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'An error occurred while showing the error page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page when a page validity check fails (unknown country)', async () => {
    storeTokens(buildTokens());
    stubApi({ 'GET /api/auth/user': () => json(200, { user: buildUser() }) });
    renderApp('/es/persons/zz');
    expect(await screen.findByRole('heading', { name: 'No se pudo encontrar esta página' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/es');
  });

  it('accepts a known country on the person page and refuses an unknown one', async () => {
    storeTokens(buildTokens());
    stubApi({ 'GET /api/auth/user': () => json(200, { user: buildUser() }) });
    const id = '0b5e7a52-4c1e-4a3f-9d35-2f7f3b1c9a10';
    const { unmount } = renderApp(`/persons/pe/${id}`);
    expect(await screen.findByRole('heading', { name: 'Persons in Peru' })).toBeTruthy();
    unmount();
    renderApp(`/persons/qq/${id}`);
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
  });
});
