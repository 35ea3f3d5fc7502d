import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@centinela/shared/shell/contract';
import { users } from '../src/db/schema/index.ts';
import { bearer, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

// A built web app in miniature: the app's page and the sign-in page's own (apps/web/sign-in.html).
const withSignIn = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(withSignIn, 'index.html'), '<p>the app</p>');
writeFileSync(path.join(withSignIn, 'sign-in.html'), '<p>the sign-in page</p>');
mkdirSync(path.join(withSignIn, 'assets'));
writeFileSync(path.join(withSignIn, 'assets', 'app.js'), 'console.log(1)');
// With the build's list of the list pages' files (apps/web's build/page-preloads.ts, tested with Vite's
// manifest in scripts/__tests__/web-build/page-preloads.test.ts): what each list page needs beyond index.html.
const withManifest = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(withManifest, 'index.html'), '<html><head><title>x</title></head><body>the app</body></html>');
mkdirSync(path.join(withManifest, '.vite'));
const listFiles = (page: string, locale: string) => ({
  js: [
    'assets/layout.js',
    'assets/list.js',
    `assets/${page}.js`,
    `assets/${locale}-core.js`,
    `assets/${locale}-app.js`,
    'assets/zod-x1.js',
  ],
  css: ['assets/list.css'],
});
writeFileSync(
  path.join(withManifest, PAGE_PRELOADS_FILE),
  JSON.stringify({
    pages: {
      home: { en: listFiles('home', 'en'), es: listFiles('home', 'es'), pt: listFiles('home', 'pt') },
      'persons-country': Object.fromEntries(['en', 'es', 'pt'].map((l) => [l, listFiles('persons-country', l)])),
    },
    // Loaded after the first paint: a part and what it imports.
    afterPaintCss: ['assets/toast-viewport.css', 'assets/Popover.css'],
  } satisfies PagePreloads),
);
const appOnly = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(appOnly, 'index.html'), '<p>the app</p>');
afterAll(() => [withSignIn, withManifest, appOnly].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const html = { accept: 'text/html,application/xhtml+xml' };

describe('the web app: which page a page load gets', () => {
  test.override({ env: { WEB_DIST: withSignIn } });

  test('/login and /es/login get the sign-in page, with or without a query; every other page the app', async ({
    app,
  }) => {
    for (const url of [
      '/login',
      '/login/',
      '/es/login',
      '/login?redirect=%2Fpersons%2Fco',
      '/es/login?error=oidc_failed',
    ]) {
      const response = await app.inject({ url, headers: html });
      expect([url, response.statusCode, response.body]).toEqual([url, 200, '<p>the sign-in page</p>']);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    for (const url of [
      '/',
      '/es',
      '/persons/co',
      '/login/more',
      '/es/persons/co/login',
      '/xx/login',
      '/callback?code=1',
    ]) {
      const response = await app.inject({ url, headers: html });
      expect([url, response.statusCode, response.body]).toEqual([url, 200, '<p>the app</p>']);
    }
  });

  test('files are served as they are; API paths and non-HTML requests stay 404s', async ({ app }) => {
    expect((await app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
    const api = await app.inject({ url: '/api/nothing-here', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await app.inject({ url: '/login', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });
});

describe('a build without the sign-in page', () => {
  test.override({ env: { WEB_DIST: appOnly } });

  test('/login gets the app, which has its own sign-in route', async ({ app }) => {
    expect((await app.inject({ url: '/login', headers: html })).body).toBe('<p>the app</p>');
  });
});

describe('the persons list pages name their chunks in the head', () => {
  test.override({ env: { WEB_DIST: withManifest } });

  const preloaded = (body: string) =>
    [...body.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

  test('home and a country list, in each locale: their layout, page, styles and catalogue, not what index.html loads', async ({
    app,
  }) => {
    const home = await app.inject({ url: '/?status=PASSED', headers: html });
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body).toMatch(/<\/title><link .*<\/head><body>the app<\/body>/);
    expect(preloaded(home.body).sort()).toEqual(
      [
        'modulepreload /assets/layout.js',
        'modulepreload /assets/list.js',
        'modulepreload /assets/home.js',
        'modulepreload /assets/en-core.js',
        'modulepreload /assets/en-app.js',
        'modulepreload /assets/zod-x1.js',
        'preload /assets/list.css',
      ].sort(),
    );
    const spanish = preloaded((await app.inject({ url: '/es/persons/co', headers: html })).body);
    expect(spanish).toContain('modulepreload /assets/persons-country.js');
    expect(spanish).toContain('modulepreload /assets/es-app.js');
    expect(spanish).not.toContain('modulepreload /assets/en-app.js');
    expect(spanish).not.toContain('modulepreload /assets/home.js');
    expect(preloaded((await app.inject({ url: '/es', headers: html })).body)).toContain(
      'modulepreload /assets/es-core.js',
    );
  });

  test('other pages get index.html as it is', async ({ app }) => {
    for (const url of [
      '/pipelines',
      '/persons/co/3f0c1f6e-8a8f-4b7e-9a55-1d6f0f5e2a10',
      '/forms/abc',
      '/esx',
      '/management/users',
    ]) {
      const response = await app.inject({ url, headers: html });
      expect([url, response.body]).toEqual([url, '<html><head><title>x</title></head><body>the app</body></html>']);
    }
  });
});

// The persons list's frame drawn into a signed-in page load (plugins/web-shell.ts). The renderer
// here stands in for the built one (apps/web's src/shell/render-shell.tsx, tested in the web-ssr project and,
// built, by e2e/first-paint.spec.ts): it writes back what the server asked it to draw.
const shellDir = mkdtempSync(path.join(tmpdir(), 'centinela-shell-'));
const withRoot = path.join(shellDir, 'dist');
mkdirSync(path.join(withRoot, '.vite'), { recursive: true });
// index.html as Vite writes it: the entry, its preloads and stylesheets (two of which are the list's).
const ROOT_INDEX =
  '<html lang="en"><head><title>x</title><!-- see the file --><script defer src="/zod-jitless.js"></script>' +
  '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/common.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/common.css"></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(withRoot, 'index.html'), ROOT_INDEX);
writeFileSync(path.join(withRoot, PAGE_PRELOADS_FILE), readFileSync(path.join(withManifest, PAGE_PRELOADS_FILE)));
mkdirSync(path.join(withRoot, 'assets'));
writeFileSync(path.join(withRoot, 'assets', 'common.css'), 'body{margin:0}');
writeFileSync(path.join(withRoot, 'assets', 'list.css'), 'table{width:100%}');
writeFileSync(path.join(withRoot, 'assets', 'toast-viewport.css'), '.toast{position:fixed}');
writeFileSync(path.join(withRoot, 'assets', 'Popover.css'), '.popover{z-index:1}');
writeFileSync(path.join(withRoot, 'assets', 'profile-flyout.css'), '.flyout{width:40rem}');
writeFileSync(path.join(withRoot, 'after-frame.js'), '// the app starts after the frame is painted');
const renderer = path.join(shellDir, 'render-shell.js');
writeFileSync(
  renderer,
  `export const calls = [];
export function renderShell(input) {
  calls.push(input);
  if (input.search === '?boom=1') throw new Error('a component failed');
  return '<h1>frame</h1><template data-msg="a stack"></template><pre>' + JSON.stringify(input).replaceAll('<', '') + '</pre>';
}`,
);
afterAll(() => rmSync(shellDir, { recursive: true, force: true }));

describe('a signed-in page load of a persons list comes with its frame drawn', () => {
  test.override({ env: { WEB_DIST: withRoot, WEB_SHELL: renderer } });

  const session = (tokens: { token?: string; refreshToken?: string }, extra = '') =>
    [
      'auth.strategy=local',
      tokens.token && `auth._token.local=${encodeURIComponent(`Bearer ${tokens.token}`)}`,
      tokens.refreshToken && `auth._refresh_token.local=${encodeURIComponent(tokens.refreshToken)}`,
      extra,
    ]
      .filter(Boolean)
      .join('; ');
  const drawn = (body: string) => {
    const json = /<pre>(.*)<\/pre>/.exec(body)?.[1];
    return json
      ? (JSON.parse(json) as {
          pathname: string;
          search: string;
          locale: string;
          country?: string;
          user: { id: string; scope: string[] };
        })
      : null;
  };

  test('the visitor’s own frame, in the URL’s language and country, with its styles applied before the first paint', async ({
    app,
  }) => {
    const { user, token, refreshToken } = await signedIn(app, ['viewer']);
    const home = await app.inject({ url: '/?q=ana', headers: { ...html, cookie: session({ token, refreshToken }) } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('private, no-cache');
    expect(home.headers.vary).toMatch(/cookie/i);
    expect(drawn(home.body)).toMatchObject({
      pathname: '/',
      search: '?q=ana',
      locale: 'en',
      user: { id: user.id, scope: ['profiles:read', 'metrics:read'] },
    });
    expect(drawn(home.body)).not.toHaveProperty('country');
    // In the root, inert until the app replaces it; the page's language on <html>.
    expect(home.body).toMatch(
      /<div id="root"><div data-shell inert style="display:contents"><h1>frame<\/h1><pre>.*<\/pre><\/div><\/div>/,
    );
    expect(home.body).toContain('<html lang="en">');
    // Its styles, index.html's and the list's, come in the document; their links stay, disabled (not fetched),
    // for the app's chunk loader to see them there.
    expect(home.body).toContain(
      '<style data-href="/assets/common.css">body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/common.css" disabled>',
    );
    expect(home.body).toContain(
      '<style data-href="/assets/list.css">table{width:100%}</style><link rel="stylesheet" crossorigin href="/assets/list.css" disabled>',
    );
    expect(home.body).not.toContain('as="style"');
    // So do the styles of what the page loads after that paint (the toasts' viewport and what it imports),
    // each once; not those of parts loaded on demand.
    expect(home.body).toContain(
      '<style data-href="/assets/toast-viewport.css">.toast{position:fixed}</style><link rel="stylesheet" crossorigin href="/assets/toast-viewport.css" disabled>',
    );
    expect(home.body).toContain('<style data-href="/assets/Popover.css">.popover{z-index:1}</style>');
    expect(home.body).not.toContain('profile-flyout');
    expect(home.body.split('<style data-href="/assets/common.css">')).toHaveLength(2);
    // The app's modules, index.html's and the list's, are asked for after the first paint (public/after-frame.js).
    expect(home.body).not.toContain('modulepreload');
    expect(home.body).not.toContain('zod-jitless');
    expect(home.body).not.toContain('<!-- see the file -->');
    const start =
      /<script type="module" src="\/after-frame.js" data-app-entry="([^"]+)" data-preload="([^"]+)" data-staged="([^"]*)"><\/script>/.exec(
        home.body,
      );
    expect(start?.[1]).toBe('/assets/index.js');
    expect(start?.[2]?.split(' ').sort()).toEqual(
      [
        '/assets/index.js',
        '/assets/common.js',
        '/assets/layout.js',
        '/assets/list.js',
        '/assets/home.js',
        '/assets/en-core.js',
        '/assets/en-app.js',
        '/assets/zod-x1.js',
      ].sort(),
    );
    // The chunks index.html's entry imports are evaluated one by one before it.
    expect(start?.[3]).toBe('/assets/common.js');
    // React's markers of what waits for code are not sent.
    expect(home.body).not.toContain('<template');

    const spanish = await app.inject({ url: '/es/persons/mx', headers: { ...html, cookie: session({ token }) } });
    expect(drawn(spanish.body)).toMatchObject({
      pathname: '/es/persons/mx',
      locale: 'es',
      country: 'mx',
      user: { id: user.id },
    });
    expect(spanish.body).toContain('<html lang="es">');

    const portuguese = await app.inject({ url: '/pt/persons/br', headers: { ...html, cookie: session({ token }) } });
    expect(drawn(portuguese.body)).toMatchObject({ pathname: '/pt/persons/br', locale: 'pt', country: 'br' });
    expect(portuguese.body).toContain('<html lang="pt-BR">');
  });

  test('an expired access token: drawn from a refresh token that can renew the session, which is not renewed', async ({
    app,
  }) => {
    const { user, refreshToken } = await signedIn(app, ['analyst']);
    const page = await app.inject({
      url: '/es',
      headers: { ...html, cookie: session({ token: 'expired-or-unknown', refreshToken }) },
    });
    expect(drawn(page.body)).toMatchObject({ locale: 'es', user: { id: user.id } });
    // The same refresh token still renews the session afterwards: the page load did not use it up.
    const renewed = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect(renewed.statusCode).toBe(200);
  });

  test('no frame without a live session, for an inactive account, in maintenance or when the locale cookie redirects', async ({
    app,
  }) => {
    // The page as before: index.html with the list's preloads, nothing inlined.
    const plain = (body: string) => {
      expect([drawn(body), body]).toEqual([null, expect.stringContaining('<div id="root"></div>')]);
      expect(body).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
      expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/list.css">');
      expect(body).not.toContain('<style');
      expect(body).not.toContain('toast-viewport');
    };
    plain((await app.inject({ url: '/', headers: html })).body);
    plain(
      (await app.inject({ url: '/', headers: { ...html, cookie: session({ token: 'nope', refreshToken: 'nope' }) } }))
        .body,
    );
    const { token, refreshToken } = await signedIn(app, ['analyst']);
    const signedOut = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(signedOut.statusCode).toBe(200);
    plain((await app.inject({ url: '/', headers: { ...html, cookie: session({ token, refreshToken }) } })).body);

    const other = await signedIn(app, ['analyst']);
    const cookie = session(other);
    // The bare root in English goes on to /es for a visitor whose locale cookie says so (web's LocaleLayout).
    plain((await app.inject({ url: '/', headers: { ...html, cookie: `${cookie}; i18n_redirected=es` } })).body);
    expect(
      drawn((await app.inject({ url: '/es', headers: { ...html, cookie: `${cookie}; i18n_redirected=es` } })).body),
    ).not.toBeNull();
    // Not a country the app serves (its 404 page), another page, or a renderer that fails: the page as before.
    plain((await app.inject({ url: '/persons/zz', headers: { ...html, cookie } })).body);
    plain((await app.inject({ url: '/?boom=1', headers: { ...html, cookie } })).body);
    expect((await app.inject({ url: '/pipelines', headers: { ...html, cookie } })).body).toBe(ROOT_INDEX);

    await app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, other.user.id));
    app.callerCache.clear();
    plain((await app.inject({ url: '/', headers: { ...html, cookie } })).body);
  });

  describe('in maintenance', () => {
    test.override({ env: { WEB_DIST: withRoot, WEB_SHELL: renderer, MAINTENANCE_MODE: 'true' } });

    test('every page shows the notice, so no page is drawn', async ({ app }) => {
      const { token } = await signedIn(app, ['analyst']);
      expect(drawn((await app.inject({ url: '/', headers: { ...html, cookie: session({ token }) } })).body)).toBeNull();
    });
  });
});
