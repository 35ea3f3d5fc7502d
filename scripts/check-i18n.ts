/**
 * Fails the build when the web app's catalogues disagree (STYLE habit 9):
 * - an interface language (LOCALES: en, es, pt) without its catalogue, or a catalogue of no such language;
 * - a key present in one language and missing in another, or an empty value;
 * - a translation whose {{placeholders}} differ from the English one;
 * - a sentence with a {{count}} outside a plural family, or a plural family without every form its language's
 *   plural rules ask for (Intl.PluralRules: en one/other, es and pt one/many/other): "1 persons deleted.";
 * - a `t('key')` / `i18nKey="key"` in apps/web/src whose key no catalogue has;
 * - an API error code (packages/shared/src/errors/codes.ts) without its `errors.<code>` entry;
 * - a country (COUNTRIES, packages/shared/src/enums.ts) without its `countries.<code>` name;
 * - a message key a shared schema names (`message: 'x.validation.y'`) without its words in the API's issue
 *   messages (packages/shared/src/issues), which the web merges into its catalogues: a key there is not
 *   repeated in a web catalogue.
 * - a term docs/glossary.md says to avoid, or a second-person-familiar (tú) form, in the Spanish catalogue or
 *   the Spanish messages of packages/shared (one register, usted, and one term per concept); in
 *   the Portuguese ones, the English "pipeline" (fluxo) and the familiar tu/teu forms (Brazil speaks você).
 * Run: npx tsx scripts/check-i18n.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COUNTRIES, LOCALES, type Locale } from '../packages/shared/src/enums.ts';
import { ERROR_MESSAGES } from '../packages/shared/src/errors/codes.ts';
import { ISSUE_MESSAGES, isIssueKey } from '../packages/shared/src/issues/index.ts';
import { VALIDATION_MESSAGES } from '../packages/shared/src/validation/messages/index.ts';

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

/** Each web catalogue with the API's issue messages of its language merged in, as lib/i18n.ts loads them. */
function loadCatalogues(problems: string[]): Map<string, Catalogue> {
  const catalogues = new Map<string, Catalogue>();
  for (const name of readdirSync(LOCALES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = join(LOCALES_DIR, name);
    const locale = name.replace(/\.json$/, '');
    const entries = flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map());
    const issues = (ISSUE_MESSAGES as Record<string, unknown>)[locale];
    if (!issues) problems.push(`packages/shared/src/issues: no ${locale} issue messages`);
    for (const [key, value] of flatten(issues ?? {}, '', new Map())) {
      if (entries.has(key))
        problems.push(`${relative(ROOT, file)}: key "${key}" is an issue message (packages/shared/src/issues)`);
      entries.set(key, value);
    }
    catalogues.set(locale, { file: relative(ROOT, file), entries });
  }
  return catalogues;
}

/** Every `message: 'a.b'` a shared schema names: the server words it, so it needs its words. */
function checkSchemaMessageKeys(problems: string[]): void {
  const dir = join(ROOT, 'packages/shared/src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/message:\s*'([^'\s]+)'/g)) {
      if (isIssueKey(match[1]!)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(
        `packages/shared/src/${file}:${line}: message key "${match[1]}" has no words in packages/shared/src/issues`,
      );
    }
  }
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

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
      const plural = PLURAL_SUFFIX.exec(key);
      if (/\{\{\s*count\b/.test(value) && !plural)
        problems.push(`${file}: key "${key}" counts ({{count}}) but is not a plural family (key_one, key_other…)`);
      if (plural) {
        const stem = key.slice(0, plural.index);
        for (const form of new Intl.PluralRules(locale).resolvedOptions().pluralCategories)
          if (!entries.has(`${stem}_${form}`) && key === `${stem}_other`)
            problems.push(`${file}: plural "${stem}" lacks its "${form}" form`);
      }
      const english = reference?.entries.get(key);
      if (locale !== REFERENCE && typeof english === 'string' && placeholders(english) !== placeholders(value)) {
        problems.push(
          `${file}: key "${key}" uses placeholders {${placeholders(value)}}, ${REFERENCE} uses {${placeholders(english)}}`,
        );
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

/**
 * Words docs/glossary.md rules out, per language (its "avoid" column), and the tú forms the product has
 * used: B2B in Latin America speaks usted. Matched as whole words, case-insensitively.
 */
const AVOID: Record<string, RegExp[]> = {
  es: [
    /(?<![\p{L}{])(reportes?|pipelines?)(?![\p{L}}])/iu,
    // Unambiguous tú forms only: its imperatives ("cambia", "crea") are also the third person.
    /(?<![\p{L}])(tú|tu|tus|ti|contigo|puedes|tienes|debes|quieres|necesitas|inténtalo|asegúrate|contáctanos|escríbenos|elige|haz)(?![\p{L}])/iu,
    // A legal hold is not a kind of retention; an owner's code is its code; a webhook's target is a destination;
    // a national document is called by its country's name (CURP, CC, DNI…).
    /(?<![\p{L}])(retenci[oó]n(es)? legal(es)?|nombre de código|endpoints?|documento nacional(?! de identidad))(?![\p{L}])/iu,
  ],
  pt: [
    /(?<![\p{L}{])(pipelines?)(?![\p{L}}])/iu,
    /(?<![\p{L}])(tu|teu|tua|teus|tuas|ti|contigo|vós)(?![\p{L}])/iu,
    /(?<![\p{L}])(retenç(ão|ões) lega(l|is)|nome de código|endpoints?|documento nacional(?! de identidade)|ventas@)(?![\p{L}])/iu,
  ],
};

function checkGlossary(catalogues: Map<string, Catalogue>, problems: string[]): void {
  for (const [locale, rules] of Object.entries(AVOID)) {
    const texts: [string, string][] = [
      ...[...(catalogues.get(locale)?.entries ?? [])].map(([key, v]): [string, string] => [
        `${locale}.json "${key}"`,
        String(v),
      ]),
      ...Object.entries(ERROR_MESSAGES).map(([code, m]): [string, string] => [
        `errors/codes.ts "${code}"`,
        (m as Record<string, string>)[locale] ?? '',
      ]),
      ...Object.entries(VALIDATION_MESSAGES[locale as Locale] ?? {}).map(([rule, m]): [string, string] => [
        `validation/messages/${locale}.ts "${rule}"`,
        String(m),
      ]),
    ];
    for (const [where, text] of texts)
      for (const rule of rules) {
        const found = rule.exec(text);
        if (found) problems.push(`${where}: "${found[0]}" — see docs/glossary.md`);
      }
  }
}

const problems: string[] = [];
const catalogues = loadCatalogues(problems);
checkGlossary(catalogues, problems);
checkSchemaMessageKeys(problems);
// Every interface language has its catalogue, and every catalogue is one (the language switch lists LOCALES).
for (const locale of LOCALES)
  if (!catalogues.has(locale)) problems.push(`${relative(ROOT, LOCALES_DIR)}: no ${locale}.json catalogue (LOCALES)`);
for (const [locale, { file }] of catalogues)
  if (!(LOCALES as readonly string[]).includes(locale)) problems.push(`${file}: ${locale} is not in LOCALES`);
checkCatalogues(catalogues, problems);
const usages = checkUsages(catalogues, problems);
// The client translates every error the API can answer by its code.
for (const code of Object.keys(ERROR_MESSAGES)) {
  for (const [locale, catalogue] of catalogues) {
    if (!catalogue.entries.has(`errors.${code}`))
      problems.push(`${locale}.json: missing key "errors.${code}" (an API error code)`);
  }
}
// Country names come from the catalogue (apps/web/src/lib/format.ts countryName), one per country the product
// serves; 'xx' (no country) has none.
for (const country of COUNTRIES.filter((c) => c !== 'xx')) {
  for (const [locale, catalogue] of catalogues) {
    if (!catalogue.entries.has(`countries.${country}`))
      problems.push(`${locale}.json: missing key "countries.${country}" (a country, COUNTRIES)`);
  }
}

if (problems.length > 0) {
  console.error(`check-i18n: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const sizes = [...catalogues].map(([locale, c]) => `${locale} ${c.entries.size}`).join(', ');
console.log(`check-i18n: ok (${sizes} keys; ${usages} literal key usages checked)`);
