/**
 * Fails the build when the web app's catalogues disagree (STYLE habit 9):
 * - a key present in one language and missing in another, or an empty value;
 * - a translation whose {{placeholders}} differ from the English one;
 * - a `t('key')` / `i18nKey="key"` in apps/web/src whose key no catalogue has;
 * - an API error code (packages/shared/src/errors/codes.ts) without its `errors.<code>` entry;
 * - a country (COUNTRIES, packages/shared/src/enums.ts) without its `countries.<code>` name.
 * Run: npx tsx scripts/check-i18n.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COUNTRIES } from '../packages/shared/src/enums.ts';
import { ERROR_MESSAGES } from '../packages/shared/src/errors/codes.ts';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/web/src');
const LOCALES_DIR = join(SRC, 'locales');
const REFERENCE = 'en';

type Catalogue = { file: string; entries: Map<string, unknown> };

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function loadCatalogues(): Map<string, Catalogue> {
  const catalogues = new Map<string, Catalogue>();
  for (const name of readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const file = join(LOCALES_DIR, name);
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    catalogues.set(name.replace(/\.json$/, ''), { file: relative(ROOT, file), entries: flatten(data, '', new Map()) });
  }
  return catalogues;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort().join(',');

function checkCatalogues(catalogues: Map<string, Catalogue>, problems: string[]): void {
  const allKeys = new Set([...catalogues.values()].flatMap((c) => [...c.entries.keys()]));
  const reference = catalogues.get(REFERENCE);
  for (const key of [...allKeys].sort()) {
    for (const [locale, { file, entries }] of catalogues) {
      if (!entries.has(key)) {
        problems.push(`${file}: missing key "${key}" (present in another catalogue)`);
        continue;
      }
      const value = entries.get(key);
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${file}: key "${key}" has an empty or non-text value`);
        continue;
      }
      const english = reference?.entries.get(key);
      if (locale !== REFERENCE && typeof english === 'string' && placeholders(english) !== placeholders(value)) {
        problems.push(`${file}: key "${key}" uses placeholders {${placeholders(value)}}, ${REFERENCE} uses {${placeholders(english)}}`);
      }
    }
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Literal keys only: t('a.b'), t("a.b"), t(`a.b`) without ${}, i18nKey="a.b", i18nKey: 'a.b'. */
const USAGE = /(?<![\w.])t\(\s*(['"`])([^'"`$\n]+)\1|i18nKey\s*[=:]\s*\{?\s*(['"`])([^'"`$\n]+)\3/g;

function checkUsages(catalogues: Map<string, Catalogue>, problems: string[]): number {
  const keys = new Set([...catalogues.values()].flatMap((c) => [...c.entries.keys()]));
  // t('x', { count }) resolves to x_one / x_other: a plural family counts as the key.
  const exists = (key: string) => keys.has(key) || [...keys].some((k) => k.startsWith(`${key}_`));
  let count = 0;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(USAGE)) {
      const key = match[2] ?? match[4] ?? '';
      count += 1;
      if (!exists(key)) {
        const line = text.slice(0, match.index).split('\n').length;
        problems.push(`${relative(ROOT, file)}:${line}: key "${key}" is not in any catalogue`);
      }
    }
  }
  return count;
}

const catalogues = loadCatalogues();
const problems: string[] = [];
if (!catalogues.has(REFERENCE)) problems.push(`${relative(ROOT, LOCALES_DIR)}: no ${REFERENCE}.json catalogue`);
checkCatalogues(catalogues, problems);
const usages = checkUsages(catalogues, problems);
// The client translates every error the API can answer by its code.
for (const code of Object.keys(ERROR_MESSAGES)) {
  for (const [locale, catalogue] of catalogues) {
    if (!catalogue.entries.has(`errors.${code}`)) problems.push(`${locale}.json: missing key "errors.${code}" (an API error code)`);
  }
}
// Country names come from the catalogue (apps/web/src/lib/format.ts countryName), one per country the product
// serves; 'xx' (no country) has none.
for (const country of COUNTRIES.filter((c) => c !== 'xx')) {
  for (const [locale, catalogue] of catalogues) {
    if (!catalogue.entries.has(`countries.${country}`)) problems.push(`${locale}.json: missing key "countries.${country}" (a country, COUNTRIES)`);
  }
}

if (problems.length > 0) {
  console.error(`check-i18n: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const sizes = [...catalogues].map(([locale, c]) => `${locale} ${c.entries.size}`).join(', ');
console.log(`check-i18n: ok (${sizes} keys; ${usages} literal key usages checked)`);
