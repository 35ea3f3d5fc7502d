import { LOCALES } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n, { i18nReady, loadCatalogue } from '../lib/i18n.ts';
import { closeRealtime } from '../lib/socket.ts';
import { stopQueryClients } from './query-clients.ts';

// findBy… and waitFor wait for what they look for up to 5 s, not the default 1 s: on a busy machine a lazy
// route's first load in jsdom takes longer than that, and a test failed waiting, not on what it checks.
configure({ asyncUtilTimeout: 5_000 });

// The catalogues are chunks loaded on demand, in parts (lib/i18n.ts); tests switch languages and render
// screens outside their layouts at once, so load them all, whole.
await i18nReady;
await loadCatalogue('app');
await loadCatalogue('more');
await i18n.loadLanguages([...LOCALES]);

/** `(min-width: 62em)` and `(max-width: 40em)` against jsdom's window width (1024 unless a test sets it); nothing else matches. */
function matchesWidth(query: string): boolean {
  const found = /^\((min|max)-width:\s*([\d.]+)(px|em|rem)\)$/.exec(query.trim());
  if (!found) return false;
  const px = Number(found[2]) * (found[3] === 'px' ? 1 : 16);
  return found[1] === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
}

// Mantine reads browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

function clearCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(async () => {
  cleanup();
  // Mantine's toasts live in a module-level store: a toast left shown would be the next test's.
  notifications.clean();
  await stopQueryClients();
  // Screens that listen for live updates open a socket; no test may leave one reconnecting.
  closeRealtime();
  vi.unstubAllGlobals();
  // A worker runs the next file in the same document: no spy on a shared object (Intl, window) outlives its test.
  vi.restoreAllMocks();
  window.localStorage.clear();
  clearCookies();
  await i18n.changeLanguage('en');
});
