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
const appOnly = mkdtempSync(path.join(tmpdir(), 'centinela-web-'));
writeFileSync(path.join(appOnly, 'index.html'), '<p>the app</p>');
afterAll(() => [withSignIn, appOnly].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

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
