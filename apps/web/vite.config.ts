import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CATALOGUE_PARTS, pickPart } from './src/locales/parts.ts';

// The API server (apps/server) listens on :3000 in development; the dev server forwards to it.
const API = 'http://localhost:3000';

/**
 * Writes a .br and a .gz next to every text file of the build (issue #11): the server sends them to
 * browsers that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'centinela:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await readFile(full);
          if (data.length < 1024) return;
          await writeFile(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * `locales/<lang>.json?part=<part>`: the top-level sections of that catalogue the part holds
 * (src/locales/parts.ts), as a module, so each part is a chunk of its own (issue #11: the sign-in page loads
 * only the core). The catalogues stay one file per language for translators and check-i18n.
 */
function catalogueParts(): Plugin {
  const PART = /[/\\]locales[/\\][a-z]{2}\.json\?part=([a-z]+)$/;
  return {
    name: 'centinela:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const part = match[1] as keyof typeof CATALOGUE_PARTS;
      if (!(part in CATALOGUE_PARTS)) throw new Error(`unknown catalogue part: ${part}`);
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      // JSON.parse of a string literal: quicker for the browser than an object literal this size.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(pickPart(catalogue, part)))});`, moduleType: 'js' };
    },
  };
}

/**
 * Mantine's ScrollArea imports one hook (useMergeRefs) from @floating-ui/react; that import goes to
 * src/lib/merge-refs.ts instead, so the profile list's table (Table.ScrollContainer) does not bring all of
 * @floating-ui into the list's first JS (issue #11). Every other import of @floating-ui is untouched.
 */
function scrollAreaMergeRefs(): Plugin {
  const SCROLL_AREA = /@mantine[/\\]core[/\\]esm[/\\]components[/\\]ScrollArea[/\\]ScrollArea\.mjs$/;
  return {
    name: 'centinela:scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer || !SCROLL_AREA.test(importer)) return null;
      return path.resolve(import.meta.dirname, 'src/lib/merge-refs.ts');
    },
  };
}

/**
 * The app's tables scroll natively (ui-provider.tsx: Table.ScrollContainer `type: 'native'`, a plain
 * `overflow: auto` box), but Mantine's TableScrollContainer imports ScrollArea statically for its other type,
 * and so every page with a table loaded ScrollArea's ~4 KB gzip (issue #11: the profile list's first JS).
 * That one import goes to src/lib/table-scroll-area.tsx, which loads the real ScrollArea only if a table asks
 * for `type="scrollarea"`. `centinela:mantine-scroll-area` names the real module for it.
 */
function tableScrollAreaOnDemand(): Plugin {
  const CONTAINER = /@mantine[/\\]core[/\\]esm[/\\]components[/\\]Table[/\\]TableScrollContainer\.mjs$/;
  const REAL = 'centinela:mantine-scroll-area';
  return {
    name: 'centinela:table-scroll-area-on-demand',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === REAL) {
        const container = await this.resolve('@mantine/core', importer, { skipSelf: true });
        if (!container) throw new Error('centinela:table-scroll-area-on-demand: @mantine/core not found');
        return path.join(path.dirname(container.id), 'components/ScrollArea/ScrollArea.mjs');
      }
      if (source !== '../ScrollArea/ScrollArea.mjs' || !importer || !CONTAINER.test(importer)) return null;
      return path.resolve(import.meta.dirname, 'src/lib/table-scroll-area.tsx');
    },
  };
}

/**
 * Mantine's styles per component instead of its whole stylesheet (issue #11: 295 KB of CSS, 30 KB
 * compressed, blocked the first paint of every page): each Mantine module that holds a component's class
 * names (`<Name>.module.mjs`, one per `@mantine/core/styles/<Name>.css`) imports that stylesheet, so the
 * CSS goes with the chunk that uses the component and loads with it. Dependencies first, as Mantine asks:
 * a component imports the components it is built on before its own class names. The global styles
 * (baseline, CSS variables, focus classes) are imported first thing by src/main.tsx.
 */
function mantineStylesPerComponent(): Plugin {
  const MODULE = /[/\\]@mantine[/\\]core[/\\]esm[/\\].+[/\\]([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'centinela:mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const match = MODULE.exec(id);
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
  };
}

/**
 * The chunks of the two entries and the two budgeted pages (issue #11), from the module graph once it is
 * known (buildEnd), before chunks are made:
 * - `common`: what index.html's app (main.tsx) and sign-in.html's page (sign-in-main.tsx) both load first
 *   (React, i18n, the UI kit's provider); `shell`: what only the app loads first (router, TanStack Query,
 *   its shell); `sign-in-page`: what only the sign-in page loads first (the text fields
 *   land in `common`: the closures reach them through @mantine/core's index from both entries).
 *   One file each instead of ~25 small ones: one request, better compression.
 * - `list`: what the profile list (home, the page signed-in users open first) adds to those — the modules
 *   its layout and page import statically, minus the entries', the app's sign-in route's and those imported
 *   lazily anywhere (route pages keep their own small chunk); `sign-in`: the same for the app's /login
 *   route. Otherwise they come as ~30 small chunks: more round trips and ~9 KB more gzip. Pages opened
 *   later reuse these chunks, usually already cached.
 */
function pageChunkGroups() {
  const names = ['common', 'shell', 'sign-in-page', 'sign-in', 'list'] as const;
  let chunks: Record<(typeof names)[number], Set<string>> = Object.fromEntries(names.map((n) => [n, new Set<string>()])) as never;
  // The entry modules stay in their entry chunks (each HTML page loads its own).
  let entries = new Set<string>();
  const plugin: Plugin = {
    name: 'centinela:page-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (starts: (string | undefined)[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        for (const start of starts) {
          if (!start) throw new Error('centinela:page-chunks: an entry or route module is missing');
          visit(start);
        }
        return seen;
      };
      const find = (suffix: string) => ids.find((id) => id.replaceAll('\\', '/').endsWith(suffix));
      const app = closure([find('/src/main.tsx')]);
      const page = closure([find('/src/sign-in-main.tsx')]);
      const signIn = closure([find('/src/app/routes/login.tsx')]);
      const list = closure([find('/src/app/layouts/default-layout.tsx'), find('/src/app/routes/home.tsx')]);
      const lazy = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      entries = new Set(ids.filter((id) => this.getModuleInfo(id)?.isEntry || /\.html$/.test(id) || id.endsWith('/src/main.tsx') || id.endsWith('/src/sign-in-main.tsx')));
      const own = (id: string) => !app.has(id) && !page.has(id) && !lazy(id);
      chunks = {
        // Not the password field: only the sign-in page (and a management dialog) use it, and the closures
        // cannot see past @mantine/core's index, through which the app seems to import it too.
        common: new Set([...app].filter((id) => page.has(id) && !/[\\/]components[\\/]PasswordInput[\\/]/.test(id))),
        shell: new Set([...app].filter((id) => !page.has(id))),
        'sign-in-page': new Set([...page].filter((id) => !app.has(id))),
        'sign-in': new Set([...signIn].filter((id) => own(id) && !list.has(id))),
        list: new Set([...list].filter((id) => own(id) && !signIn.has(id))),
      };
    },
  };
  // The closures above follow every static import, also into barrels whose unused parts the bundler drops:
  // the entries' groups also take only modules the bundler found initial (`$initial`), so nothing lazy
  // that a barrel merely names ends up loaded first.
  const group = (name: (typeof names)[number], priority: number, initial = false) => ({
    name,
    test: (id: string) => chunks[name].has(id) && !entries.has(id),
    priority,
    ...(initial ? { tags: ['$initial' as const] } : {}),
  });
  return {
    plugin,
    groups: [group('common', 3, true), group('sign-in-page', 3, true), group('shell', 3, true), group('sign-in', 1), group('list', 1)],
  };
}
const pageChunks = pageChunkGroups();

/**
 * The persons list's frame rendered on the server (src/shell/render-shell.tsx, `vite build --ssr`, issue #11):
 * the same module redirects as the browser's build, so the markup is the same, and @mantine/* bundled
 * for them to apply; into dist-shell, beside the browser's dist (not served as a file).
 */
const shellBuild = defineConfig({
  plugins: [react(), catalogueParts(), scrollAreaMergeRefs(), tableScrollAreaOnDemand(), mantineStylesPerComponent()],
  ssr: { noExternal: [/^@mantine\//, /^@centinela\//] },
  publicDir: false,
  build: {
    outDir: 'dist-shell',
    emptyOutDir: true,
    ssr: path.resolve(import.meta.dirname, 'src/shell/render-shell.tsx'),
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? shellBuild : browserBuild));

const browserBuild = defineConfig({
  plugins: [react(), precompress(), catalogueParts(), scrollAreaMergeRefs(), tableScrollAreaOnDemand(), mantineStylesPerComponent(), pageChunks.plugin],
  build: {
    // Relative to this app's root (apps/web): the server serves apps/web/dist.
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph (which JS each route needs) is checked against the budgets by scripts/check-bundle.ts.
    manifest: true,
    // Every browser the app supports preloads modules natively (Chrome 66, Firefox 115, Safari 17).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app, and the sign-in page on its own (src/sign-in-main.tsx: the server sends it for /login).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), 'sign-in': path.resolve(import.meta.dirname, 'sign-in.html') },
      output: {
        // What each entry and page loads first in a few chunks (pageChunkGroups above); lazy routes keep theirs.
        codeSplitting: {
          groups: [
            ...pageChunks.groups,
            // Roles and scopes: the list needs them, and so does the sign-in form's check (the auth schemas),
            // which would otherwise load the list's chunk, and the app's shell with it, on the sign-in page.
            { name: 'scopes', test: /[\\/]packages[\\/]shared[\\/]src[\\/]auth[\\/]scopes\.ts$/, priority: 4 },
            // TanStack Query's mutations (the app's sign-in route and most screens): not in the sign-in route's
            // chunk, which the list would then load too.
            { name: 'mutations', test: /[\\/]@tanstack[\\/](react-query[\\/].*useMutation|query-core[\\/].*mutationObserver)/, priority: 2 },
            // Only the lazy floating components (components/ui/floating.tsx, dialogs) use @floating-ui: its
            // own chunk, or the bundler may fold it into a chunk the list loads at once (the ScrollArea's).
            { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
  },
});
