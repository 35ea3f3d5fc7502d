import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { CATALOGUE_PARTS, pickPart } from '../src/locales/parts.ts';

/**
 * `locales/<lang>.json?part=<part>`: the top-level sections of that catalogue the part holds
 * (src/locales/parts.ts), as a module, so each part is a chunk of its own (the sign-in page loads
 * only the core, not the whole catalogue). The catalogues stay one file per language for
 * translators and check-i18n.
 */
export function catalogueParts(): Plugin {
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
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(pickPart(catalogue, part)))});`,
        moduleType: 'js',
      };
    },
  };
}
