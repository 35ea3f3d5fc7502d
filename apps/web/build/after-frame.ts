import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/** Where the script lands in the build, and where the server looks for it (apps/server's plugins/web-shell.ts). */
export const AFTER_FRAME_FILE = 'after-frame.js';

/**
 * Builds src/after-frame.ts, the script a drawn list page starts the app with, into one self-contained file
 * at the build's root: it runs before any of the app's chunks, so it may import none of them, yet it is
 * made of the same typed helpers as the app (lib/next-task.ts, browser-stores.ts, intl-warmup.ts,
 * first-contentful-paint.ts) rather than a hand-written copy.
 */
export function afterFrameScript(root: string): Plugin {
  return {
    name: 'centinela:after-frame',
    apply: 'build',
    async generateBundle() {
      const output = (await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          modulePreload: false,
          rolldownOptions: {
            input: path.join(root, 'src/after-frame.ts'),
            output: { format: 'es', codeSplitting: false },
          },
        },
      })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
      const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
      const chunk = chunks.find((c): c is Rolldown.OutputChunk => c.type === 'chunk' && c.isEntry);
      if (!chunk || chunks.length !== 1) this.error('src/after-frame.ts must build into exactly one file');
      this.emitFile({ type: 'asset', fileName: AFTER_FRAME_FILE, source: chunk.code });
    },
  };
}
