import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { describe, expect, test } from './helper.ts';

// A built web app in miniature: the app's page and the sign-in page's own (issue #11, apps/web/sign-in.html).
const withSignIn = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(withSignIn, 'index.html'), '<p>the app</p>');
writeFileSync(path.join(withSignIn, 'sign-in.html'), '<p>the sign-in page</p>');
mkdirSync(path.join(withSignIn, 'assets'));
writeFileSync(path.join(withSignIn, 'assets', 'app.js'), 'console.log(1)');
// With Vite's manifest: index.html loads common (and what it imports); the list pages need more.
const withManifest = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(withManifest, 'index.html'), '<html><head><title>x</title></head><body>the app</body></html>');
mkdirSync(path.join(withManifest, '.vite'));
writeFileSync(
  path.join(withManifest, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_common.js'] },
    '_common.js': { file: 'assets/common.js' },
    '_list.js': { file: 'assets/list.js', imports: ['_common.js'], css: ['assets/list.css'] },
    'src/app/layouts/default-layout.tsx': { file: 'assets/layout.js', imports: ['_common.js', '_list.js'] },
    'src/app/routes/home.tsx': { file: 'assets/home.js', imports: ['_list.js'] },
    'src/app/routes/persons-country.tsx': { file: 'assets/persons-country.js', imports: ['_list.js'] },
    'src/locales/en.json?part=core': { file: 'assets/en-core.js' },
    'src/locales/en.json?part=app': { file: 'assets/en-app.js' },
    'src/locales/es.json?part=core': { file: 'assets/es-core.js' },
    'src/locales/es.json?part=app': { file: 'assets/es-app.js' },
  }),
);
const appOnly = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(appOnly, 'index.html'), '<p>the app</p>');
afterAll(() => [withSignIn, withManifest, appOnly].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const html = { accept: 'text/html,application/xhtml+xml' };

describe('the web app: which page a page load gets', () => {
  test.override({ env: { WEB_DIST: withSignIn } });

  test('/login and /es/login get the sign-in page, with or without a query; every other page the app', async ({ app }) => {
    for (const url of ['/login', '/login/', '/es/login', '/login?redirect=%2Fpersons%2Fco', '/es/login?error=oidc_failed']) {
      const response = await app.inject({ url, headers: html });
      expect([url, response.statusCode, response.body]).toEqual([url, 200, '<p>the sign-in page</p>']);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/', '/es', '/persons/co', '/login/more', '/es/persons/co/login', '/xx/login', '/callback?code=1']) {
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

describe('the persons list pages name their chunks in the head (issue #11)', () => {
  test.override({ env: { WEB_DIST: withManifest } });

  const preloaded = (body: string) => [...body.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

  test('home and a country list, in each locale: their layout, page, styles and catalogue, not what index.html loads', async ({ app }) => {
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
        'preload /assets/list.css',
      ].sort(),
    );
    const spanish = preloaded((await app.inject({ url: '/es/persons/co', headers: html })).body);
    expect(spanish).toContain('modulepreload /assets/persons-country.js');
    expect(spanish).toContain('modulepreload /assets/es-app.js');
    expect(spanish).not.toContain('modulepreload /assets/en-app.js');
    expect(spanish).not.toContain('modulepreload /assets/home.js');
    expect(preloaded((await app.inject({ url: '/es', headers: html })).body)).toContain('modulepreload /assets/es-core.js');
  });

  test('other pages get index.html as it is', async ({ app }) => {
    for (const url of ['/pipelines', '/persons/co/3f0c1f6e-8a8f-4b7e-9a55-1d6f0f5e2a10', '/forms/abc', '/esx', '/management/users']) {
      const response = await app.inject({ url, headers: html });
      expect([url, response.body]).toEqual([url, '<html><head><title>x</title></head><body>the app</body></html>']);
    }
  });
});
