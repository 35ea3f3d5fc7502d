import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136, v8.dev/blog/explicit-compile-hints): a script that starts with
 * it has all its functions compiled while it streams in, on a background thread, instead of each one on
 * the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the compile hint at the top of every chunk: the app's chunks are what a page runs at
 * once (the entry, the page, its libraries) or a lazy part loaded when it is needed, so most of their
 * functions are called soon after they arrive. Without it, compiling react-router's, React's and the UI
 * kit's functions on first call was a good part of the persons list's long tasks on a cold load
 * (docs/decisions/0009-build-plugins-kept.md has the measurement). After Vite's own changes to the chunks
 * (its preload map goes first in a chunk), so that the hint is the file's first line.
 */
export function compileHints(): Plugin {
  return {
    name: 'centinela:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // One line more above the code: its source map's lines move down by one (the map file is its
          // own entry of the bundle, as Vite's preload map does it).
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
