import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COUNTRIES, LOCALE_TAGS, type Country, type TAuthUser } from '@centinela/shared';
import { AUTH_COOKIES, LOCALE_COOKIE, TOKEN_TYPE, type ShellInput } from '@centinela/shared/shell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toAuthUser } from '../domains/auth/caller.ts';
import type { Caller } from '../kernel/index.ts';
import { callerFromRefreshToken } from '../domains/auth/sessions.ts';
import { callerFromBearer } from './auth.ts';
import type { ListPage } from './web-preloads.ts';

/** `<html lang>`: the locale's BCP 47 tag ('pt' → 'pt-BR'). */
const htmlLang = (locale: string) => (LOCALE_TAGS as Record<string, string>)[locale] ?? locale;

/** apps/web's src/shell/render-shell.tsx, built into dist-shell/render-shell.js by `npm run build`. */
type RenderShell = (input: ShellInput) => string;

/** The request's cookies: the web app's (AUTH_COOKIES, LOCALE_COOKIE) among them. */
function cookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    try {
      jar.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // a malformed value is no value
    }
  }
  return jar;
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
const TOKEN_TYPE_PREFIX = new RegExp(`^${TOKEN_TYPE} `);
const MAX_CACHED = 200;

/**
 * The persons list's frame in the HTML of a page load: the navbar, the page's title, actions,
 * filters and an empty table, as the app's first render draws them, so a phone on a slow network paints
 * the page before its JavaScript has arrived; the app replaces it when it renders. For a signed-in visitor
 * only (the session the app's cookies name: its access token, or a refresh token that can still renew it),
 * never with any of the list's data. Null (the page as before) without a built renderer, in maintenance,
 * when the locale cookie sends the bare root to another language, or whenever rendering fails.
 */
export function webShell(
  app: FastifyInstance,
  file: string,
): (request: FastifyRequest, page: ListPage) => Promise<string | null> {
  if (!existsSync(file)) return async () => null;
  // Loaded on the first page it draws (React, the UI kit and the catalogues: tens of MB of the process's
  // memory), not at start-up: a server that only answers the API never carries it.
  let renderer: Promise<RenderShell> | null = null;
  const load = () =>
    (renderer ??= import(pathToFileURL(file).href).then((m: { renderShell: RenderShell }) => m.renderShell));
  const cache = new Map<string, string>();

  const callerOf = async (jar: Map<string, string>): Promise<Caller | null> => {
    const strategy = jar.get(AUTH_COOKIES.strategy) === 'oidc' ? 'oidc' : 'local';
    const token = jar.get(AUTH_COOKIES.token(strategy))?.replace(TOKEN_TYPE_PREFIX, '');
    if (token) {
      const caller = await callerFromBearer(app, token).catch(() => null);
      if (caller) return caller;
    }
    // The provider's refresh tokens are the provider's to check: only our own sessions are looked up.
    const refresh = strategy === 'local' ? jar.get(AUTH_COOKIES.refreshToken('local')) : undefined;
    return refresh ? callerFromRefreshToken(app.db, refresh).catch(() => null) : null;
  };

  return async (request, page) => {
    if (app.config.MAINTENANCE_MODE) return null;
    const jar = cookies(request.headers.cookie);
    // The bare root follows the language the visitor chose last (web's LocaleLayout) to its own page.
    const remembered = jar.get(LOCALE_COOKIE);
    if (page.bareRoot && remembered && remembered !== page.locale) return null;
    const country = page.country as Country | undefined;
    if (country !== undefined && !COUNTRIES.includes(country)) return null;
    const caller = await callerOf(jar);
    if (!caller) return null;
    const [pathname = '/', query] = request.url.split('?');
    const input: ShellInput = {
      pathname,
      search: query ? `?${query}` : '',
      locale: page.locale,
      user: toAuthUser(caller) as TAuthUser,
      ...(country ? { country } : {}),
    };
    const key = JSON.stringify(input);
    let html = cache.get(key);
    if (html === undefined) {
      try {
        const render = await load();
        // React names a part that waits for code (Suspense) with an inert <template>, in development with the
        // stack that waited: not sent.
        html = render(input).replace(/<template\b[^>]*><\/template>/g, '');
      } catch (error) {
        request.log.warn({ err: error }, 'the persons list frame did not render: the page loads without it');
        return null;
      }
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, html);
    }
    return html;
  };
}

/**
 * index.html for a drawn list page (`root` the built app, `indexHtml` its index.html): per locale and the
 * page's own chunks (`links`, web-preloads.ts), the frame still to come in its #root. `afterPaint` names
 * the stylesheets of what the page loads after its first paint (web-preloads.ts): they come inlined too.
 */
export function drawnPageTemplates(
  root: string,
  indexHtml: string,
  afterPaint = '',
): (locale: string, links: string) => string {
  // The app's modules are asked for once the frame is on screen (after-frame.js, built from apps/web's
  // src/after-frame.ts, which also does what zod-jitless.js does before them): the first paint needs the
  // document alone.
  const startAfterFrame = (html: string) => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(html);
    if (!entry || !existsSync(path.join(root, 'after-frame.js'))) return html;
    const preloads = [...html.matchAll(MODULE_PRELOAD)];
    const hrefs = [entry[1], ...preloads.map((m) => m[1])].join(' ');
    // The chunks the entry imports (index.html's own preloads), in its order: each evaluated in a task of
    // its own before the entry, rather than the whole graph in one long task.
    const staged = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]).join(' ');
    return preloads
      .reduce((document, [link]) => document.replace(link, ''), html)
      .replace(/<!--[^>]*-->\s*<script defer src="\/zod-jitless.js"><\/script>/, '')
      .replace(
        entry[0],
        `<script type="module" src="/after-frame.js" data-app-entry="${entry[1]}" data-preload="${hrefs}" data-staged="${staged}"></script>`,
      );
  };
  // The stylesheets come in the document itself: the frame paints with the document, not one round trip
  // per stylesheet later.
  const stylesheets = new Map<string, string | null>();
  const inlineStylesheets = (html: string) =>
    html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (link, file: string) => {
      if (!stylesheets.has(file)) {
        const css = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : null;
        stylesheets.set(file, css && !/<\/style/i.test(css) ? css : null);
      }
      const css = stylesheets.get(file);
      // The link stays, disabled (not fetched): the app's chunk loader sees the file is there already.
      return css ? `<style data-href="/${file}">${css}</style>${link.replace('>', ' disabled>')}` : link;
    });
  const drawnTemplates = new Map<string, string>();
  return (locale: string, links: string) => {
    const key = `${locale} ${links}`;
    if (!drawnTemplates.has(key)) {
      // The page's styles are needed for the first paint now, not just preloaded.
      const pageStyles = links.replaceAll(
        '<link rel="preload" as="style" crossorigin',
        '<link rel="stylesheet" crossorigin',
      );
      const later = [...afterPaint.matchAll(/<link [^>]*href="([^"]+)">/g)]
        .filter(([, href]) => !pageStyles.includes(`href="${href}"`))
        .map(([link]) => link);
      const styles = pageStyles + later.join('');
      const document = indexHtml
        .replace('<html lang="en">', `<html lang="${htmlLang(locale)}">`)
        .replace('</head>', `${styles}</head>`);
      drawnTemplates.set(key, startAfterFrame(inlineStylesheets(document)));
    }
    return drawnTemplates.get(key)!;
  };
}
