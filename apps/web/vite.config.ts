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
 * One chunk for what the profile list (home, the page signed-in users open first) adds to the shell:
 * the modules its layout and page import statically, minus the shell's, the sign-in page's and those
 * imported lazily anywhere (route pages keep their own small chunk). Otherwise they come as ~30 small
 * chunks, one per set of pages sharing them: more round trips and ~9 KB more gzip (issue #11). Pages
 * opened later reuse this chunk, usually already cached. The set is computed once the module graph is
 * known (buildEnd), before chunks are made.
 */
function pageChunkGroups() {
  let chunks = { 'sign-in': new Set<string>(), list: new Set<string>() };
  const plugin: Plugin = {
    name: 'centinela:list-chunk',
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
          if (!start) throw new Error('centinela:list-chunk: a route module is missing');
          visit(start);
        }
        return seen;
      };
      const find = (suffix: string) => ids.find((id) => id.replaceAll('\\', '/').endsWith(suffix));
      const shell = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const signIn = closure([find('/src/app/routes/login.tsx')]);
      const list = closure([find('/src/app/layouts/default-layout.tsx'), find('/src/app/routes/home.tsx')]);
      const lazy = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      const own = (id: string) => !shell.has(id) && !lazy(id);
      chunks = {
        'sign-in': new Set([...signIn].filter((id) => own(id) && !list.has(id))),
        list: new Set([...list].filter((id) => own(id) && !signIn.has(id))),
      };
    },
  };
  const test = (chunk: keyof typeof chunks) => (id: string) => chunks[chunk].has(id);
  return { plugin, test };
}
const pageChunks = pageChunkGroups();

export default defineConfig({
  plugins: [react(), precompress(), catalogueParts(), scrollAreaMergeRefs(), pageChunks.plugin],
  build: {
    // Relative to this app's root (apps/web): the server serves apps/web/dist.
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph (which JS each route needs) is checked against the budgets by scripts/check-bundle.ts.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (issue #11): one request instead of ~25
        // small ones on slow networks, and better compression (sign-in 181 -> 170 KB gzip; Lighthouse
        // mobile on this machine: sign-in 69 -> 78, LCP 4.2 -> 3.5 s). Lazy routes keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // Only the lazy floating components (components/ui/floating.tsx, dialogs) use @floating-ui: its
            // own chunk, or the bundler may fold it into a chunk the list loads at once (the ScrollArea's).
            { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
            // What both pages add to the shell (text fields, icon buttons, mutations): a chunk of its own, in
            // neither page's.
            {
              name: 'controls',
              test: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|ActionIcon)[\\/]|[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]|[\\/]@tanstack[\\/](react-query[\\/].*useMutation|query-core[\\/].*mutationObserver)|[\\/]src[\\/]lib[\\/]safe-path\.ts$/,
              priority: 2,
            },
            { name: 'sign-in', test: pageChunks.test('sign-in'), priority: 1 },
            { name: 'list', test: pageChunks.test('list'), priority: 1 },
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
