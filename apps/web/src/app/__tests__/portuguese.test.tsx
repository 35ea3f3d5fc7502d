import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { setLocaleCookie } from '../../lib/locale-cookie.ts';
import { stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

// Brazilian Portuguese, the third interface language, under /pt.
describe('the interface in Brazilian Portuguese (/pt)', () => {
  it('speaks Portuguese under /pt, and the language switch offers all three languages', async () => {
    stubApi({});
    renderApp('/pt/login');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt-BR');
    const links = within(screen.getByRole('navigation', { name: 'Idioma' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['English', 'Español', 'Português']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/login', '/es/login', '/pt/login']);
    expect(links.map((a) => a.getAttribute('hreflang'))).toEqual(['en', 'es', 'pt-BR']);
    expect(screen.getByRole('link', { name: 'Português' }).getAttribute('aria-current')).toBe('page');
  });

  it('leaves <html lang> alone when the page already speaks the language (the server wrote it)', async () => {
    // Setting it, even to the same value, restyles the whole document inside the first commit's task.
    document.documentElement.lang = 'pt-BR';
    const written: MutationRecord[] = [];
    const observer = new MutationObserver((records) => written.push(...records));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    stubApi({});
    renderApp('/pt/login');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    written.push(...observer.takeRecords());
    expect(written.map((record) => record.attributeName)).toEqual([]);
    observer.disconnect();
  });

  it('switches from English to Portuguese on the same page, and remembers it for the root', async () => {
    stubApi({});
    const first = renderApp('/login?redirect=%2Fx');
    fireEvent.click(await screen.findByRole('link', { name: 'Português' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(first.router.state.location.pathname).toBe('/pt/login');
    expect(first.router.state.location.search).toBe('?redirect=%2Fx');
    first.unmount();

    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe('/pt/login');
  });

  it('sends the bare root to /pt when Portuguese was the last choice', async () => {
    stubApi({});
    setLocaleCookie('pt');
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe('/pt/login');
  });

  it('writes numbers and dates the Brazilian way', () => {
    expect(formatNumber(1234567.5, 'pt')).toBe('1.234.567,5');
    expect(formatDate('2026-11-26T12:00:00Z', 'pt', { dateStyle: 'short', timeZone: 'UTC' })).toBe('26/11/2026');
    expect(formatDate('2026-11-26T12:00:00Z', 'pt', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '26 de novembro de 2026',
    );
  });
});
