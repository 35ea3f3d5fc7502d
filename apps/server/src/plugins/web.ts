import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, LOCALES } from '@centinela/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterPaintStylesheets, listPage, readPagePreloads, webPreloads } from './web-preloads.ts';
import { drawnPageTemplates, webShell } from './web-shell.ts';

/** The sign-in page's paths: /login, and /<locale>/login for every other locale (SPEC §2). */
const SIGN_IN_PATH = new RegExp(`^/(?:(?:${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')})/)?login/?$`);

/** Where the app renders (web's index.html). */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (history-mode routing), or
 * for the sign-in page sign-in.html: the same page without the app's shell (web's
 * src/sign-in-main.tsx), which starts the app in place once someone has signed in.
 * Without a build (tests, API-only runs) the server answers JSON 404s for every non-API path.
 */
export default fp(
  async function web(app: FastifyInstance) {
    const root = app.config.WEB_DIST;
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: serving the API only (run npm run build)');
      return;
    }
    const signInPage = existsSync(path.join(root, 'sign-in.html')) ? 'sign-in.html' : 'index.html';
    const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
    const pagePreloads = readPagePreloads(root);
    const preloads = webPreloads(pagePreloads);
    const shell = webShell(app, app.config.WEB_SHELL ?? path.join(root, '..', 'dist-shell', 'render-shell.js'));
    const drawnTemplate = drawnPageTemplates(root, indexHtml, afterPaintStylesheets(pagePreloads));
    // The build writes .br/.gz copies (apps/web/vite.config.ts): sent to browsers that accept them.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
    });
    app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (request.url.startsWith('/api/') || !wantsHtml) return reply.callNotFound();
      const pathname = request.url.split('?')[0]!;
      // Revalidated on every load (a deploy's new chunk names reach the next load), not the assets' hour.
      reply.header('cache-control', 'no-cache');
      if (SIGN_IN_PATH.test(pathname)) return reply.sendFile(signInPage, { cacheControl: false });
      // A persons list page names its own chunks in the head, so they load alongside the entry (web-preloads.ts).
      const links = preloads(pathname);
      if (!links) return reply.sendFile('index.html', { cacheControl: false });
      // A signed-in visitor's page load comes with the page's frame drawn (web-shell.ts). Never stored by a
      // shared cache: it names the user.
      const page = listPage(pathname)!;
      const frame = await shell(request, page);
      reply.header('vary', 'cookie');
      if (!frame) return reply.type('text/html; charset=utf-8').send(indexHtml.replace('</head>', `${links}</head>`));
      reply.header('cache-control', 'private, no-cache');
      // (A function, not a string, as the replacement: `$'` and the like in the user's texts stay text.)
      const document = drawnTemplate(page.locale, links).replace(
        ROOT_ELEMENT,
        () => `<div id="root"><div data-shell inert style="display:contents">${frame}</div></div>`,
      );
      return reply.type('text/html; charset=utf-8').send(document);
    });
  },
  { name: 'web' },
);
