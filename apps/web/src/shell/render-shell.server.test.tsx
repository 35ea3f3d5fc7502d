import { scopesForRoles, type Role, type TAuthUser } from '@centinela/shared';
// jsdom ships no types (and @types/jsdom is not installed, as in apps/server's uploads/detect.ts).
// @ts-expect-error -- untyped module
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { renderShell } from './render-shell.tsx';

// The server renders the persons list's frame into a signed-in page load (apps/server's plugins/web-shell.ts).
// This runs where the server does, in Node without a window: anything the frame's components
// read from a browser at import or render time fails here.
const user = (roles: Role[], overrides: Partial<TAuthUser> = {}): TAuthUser => ({
  id: '3c5fe45f-367d-40a4-9598-8e6250fe2e85',
  username: 'maria.lopez@acme.test',
  owner: {
    id: 'f1bc6605-53c3-4a80-8d90-53c876fd7330',
    codeName: 'acme',
    name: 'Acme Seguridad S.A.',
    plan: 'standard',
  },
  roles,
  scope: scopesForRoles(roles),
  status: 'active',
  defaultLocale: 'en',
  defaultCountry: 'co',
  availableCountries: ['co', 'mx'],
  ...overrides,
});

/** The document the frame makes, to read it as a browser would (a window of its own: the global stays unset). */
function frame(html: string): Document {
  return (new JSDOM(`<!doctype html><body>${html}</body>`) as { window: Window }).window.document;
}
const texts = (doc: Document, selector: string) =>
  [...doc.querySelectorAll(selector)].map((e) => e.textContent?.trim());

describe('the persons list frame, rendered on the server', () => {
  test('home in English for a manager: navbar by scope, title, actions, filters; no rows, no window', () => {
    expect(typeof window).toBe('undefined');
    const doc = frame(renderShell({ pathname: '/', search: '', locale: 'en', user: user(['manager']) }));
    expect(texts(doc, 'h1')).toEqual(['Persons']);
    expect(texts(doc, 'nav[aria-label="Main navigation"] a')).toEqual([
      'Home',
      'Persons',
      'Inbox',
      'Monitoring',
      'Analytics',
      'Forms',
      'Webhooks',
      'Management',
    ]);
    expect(doc.querySelector('nav[aria-label="Main navigation"] a[aria-current="page"]')?.textContent).toBe('Home');
    expect(texts(doc, 'main a, main button')).toEqual(expect.arrayContaining(['Pipelines', 'Add profile']));
    expect(doc.querySelector('input[type="search"]')?.getAttribute('placeholder')).toBe(
      'Name, document, email or phone',
    );
    expect(doc.querySelectorAll('[data-testid="profile-row"]')).toHaveLength(0);
  });

  test('a country list in Spanish for a viewer: its title, the links a viewer has, the URL’s filters', () => {
    const doc = frame(
      renderShell({
        pathname: '/es/persons/mx',
        search: '?q=ana',
        locale: 'es',
        user: user(['viewer']),
        country: 'mx',
      }),
    );
    expect(texts(doc, 'h1')).toEqual(['Personas en México']);
    expect(texts(doc, 'nav[aria-label="Navegación principal"] a')).toEqual([
      'Inicio',
      'Personas',
      'Bandeja de revisión',
      'Monitoreo',
      'Analítica',
    ]);
    expect(doc.querySelector('nav a[aria-current="page"]')?.textContent).toBe('Personas');
    expect(texts(doc, 'main a, main button')).not.toContain('Agregar perfil');
    expect((doc.querySelector('input[type="search"]') as HTMLInputElement | null)?.value).toBe('ana');
  });

  test('a country list in Brazilian Portuguese (/pt) for a viewer', () => {
    const doc = frame(
      renderShell({ pathname: '/pt/persons/br', search: '', locale: 'pt', user: user(['viewer']), country: 'br' }),
    );
    expect(texts(doc, 'h1')).toEqual(['Pessoas — Brasil']);
    expect(texts(doc, 'nav[aria-label="Navegação principal"] a')).toEqual([
      'Início',
      'Pessoas',
      'Caixa de revisão',
      'Monitoramento',
      'Análises',
    ]);
    expect(doc.querySelector('input[type="search"]')?.getAttribute('placeholder')).toBe(
      'Nome, documento, e-mail ou telefone',
    );
  });

  test('the same input renders the same frame (the server caches it)', () => {
    const input = { pathname: '/', search: '', locale: 'en' as const, user: user(['analyst']) };
    expect(renderShell(input)).toBe(renderShell(input));
  });
});
