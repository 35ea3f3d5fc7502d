import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../router.tsx';

const ids = (router: ReturnType<typeof createAppRouter>) => router.routes.map((route) => route.id).sort();
const page = (router: ReturnType<typeof createAppRouter>) => router.state.matches.at(-1)?.route.id;

describe('the app router', () => {
  it("starts with its own locale's routes and adds another's on the first navigation into it", async () => {
    window.history.replaceState(null, '', '/login');
    const router = createAppRouter();
    expect(ids(router)).toEqual(['layout___en']);

    // English's catch-all matches /es/login too: the Spanish routes are added and outrank it.
    await router.navigate('/es/login');
    expect(page(router)).toBe('login___es');
    await router.navigate('/pt/no-such-page');
    expect(page(router)).toBe('not-found___pt');
    expect(ids(router)).toEqual(['layout___en', 'layout___es', 'layout___pt']);
    await router.navigate('/login');
    expect(page(router)).toBe('login___en');
    router.dispose();
  });

  it('started in another locale, finds the English pages when asked for them', async () => {
    window.history.replaceState(null, '', '/pt/login');
    const router = createAppRouter();
    expect(ids(router)).toEqual(['layout___pt']);
    await router.navigate('/callback');
    expect(page(router)).toBe('callback___en');
    router.dispose();
    window.history.replaceState(null, '', '/');
  });
});
