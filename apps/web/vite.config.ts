import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { afterFrameScript } from './build/after-frame.ts';
import { catalogueParts } from './build/catalogue-parts.ts';
import { compileHints } from './build/compile-hints.ts';
import { mantineStableIds } from './build/mantine-stable-ids.ts';
import { mantineStylesPerComponent } from './build/mantine-styles-per-component.ts';
import { pageChunkGroups } from './build/page-chunks.ts';
import { pagePreloadsFile } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';
import { SHARED_CHUNK_GROUPS } from './build/shared-chunks.ts';

// The API server (apps/server) listens on :3000 in development; the dev server forwards to it.
const API = 'http://localhost:3000';

// What both builds do to modules: catalogue parts, Mantine's components given their own styles, and Mantine's
// ids without a second render (build/: each plugin says what it saves; docs/decisions/0009-build-plugins-kept.md
// why these and no others; scripts/__tests__/web-build/ checks both Mantine ones against the installed Mantine).
const modulePlugins = () => [react(), catalogueParts(), mantineStylesPerComponent(), mantineStableIds()];
const pageChunks = pageChunkGroups();

/**
 * The persons list's frame rendered on the server (src/shell/render-shell.tsx, `vite build --ssr`):
 * the same module redirects as the browser's build, so the markup is the same, and @mantine/* bundled
 * for them to apply; into dist-shell, beside the browser's dist (not served as a file).
 */
const shellBuild = defineConfig({
  plugins: modulePlugins(),
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
  plugins: [
    ...modulePlugins(),
    compileHints(),
    precompress(),
    pageChunks.plugin,
    pagePreloadsFile(),
    afterFrameScript(import.meta.dirname),
  ],
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
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        'sign-in': path.resolve(import.meta.dirname, 'sign-in.html'),
      },
      // What each entry and page loads first in a few chunks; lazy routes keep theirs.
      output: { codeSplitting: { groups: [...pageChunks.groups, ...SHARED_CHUNK_GROUPS] } },
    },
  },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
  },
});
