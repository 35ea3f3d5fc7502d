import { LOCALES, type Locale } from '@centinela/shared';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeDeep, type CataloguePart } from '../locales/parts.ts';
import { localeFromPath } from './locale.ts';
import { countZeroAsPlural } from './plural-rules.ts';

type Load = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The `more` part with the sentences of the API's issue keys merged in (@centinela/shared issues: the
 * server words its `issues` with them, the forms here too); they sit in `more` sections (parts.ts).
 */
const withIssueMessages = (part: ReturnType<Load>, issues: Promise<Record<string, unknown>>): ReturnType<Load> =>
  Promise.all([part, issues]).then(([{ default: words }, more]) => ({ default: mergeDeep({ ...words }, more) }));

/**
 * Each locale's catalogue in parts, each its own chunk (locales/parts.ts): a page downloads
 * only the language it speaks, and of it only the core until a signed-in layout or page asks for more
 * (`loadCatalogue`); another language only when the visitor switches. check-i18n keeps all complete,
 * so there is no fallback language to download as well.
 */
const catalogues: Record<Locale, Record<CataloguePart, Load>> = {
  en: {
    core: () => import('../locales/en.json?part=core'),
    app: () => import('../locales/en.json?part=app'),
    more: () =>
      withIssueMessages(
        import('../locales/en.json?part=more'),
        import('@centinela/shared/issues/en').then((m) => m.en),
      ),
  },
  es: {
    core: () => import('../locales/es.json?part=core'),
    app: () => import('../locales/es.json?part=app'),
    more: () =>
      withIssueMessages(
        import('../locales/es.json?part=more'),
        import('@centinela/shared/issues/es').then((m) => m.es),
      ),
  },
  pt: {
    core: () => import('../locales/pt.json?part=core'),
    app: () => import('../locales/pt.json?part=app'),
    more: () =>
      withIssueMessages(
        import('../locales/pt.json?part=more'),
        import('@centinela/shared/issues/pt').then((m) => m.pt),
      ),
  },
};

/** The parts the app has asked for so far: a language loaded later loads all of them. */
const wanted = new Set<CataloguePart>(['core']);
/** The parts each language has loaded. */
const loadedParts = new Map<Locale, Set<CataloguePart>>();
const hasPart = (language: Locale, part: CataloguePart) => loadedParts.get(language)?.has(part) ?? false;
const markLoaded = (language: Locale, part: CataloguePart) =>
  loadedParts.set(language, new Set([...(loadedParts.get(language) ?? []), part]));

function isLocale(language: string): language is Locale {
  return (LOCALES as readonly string[]).includes(language);
}

/** The parts of one language, merged (they hold different keys, some of the same sections). */
async function readParts(language: Locale): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = {};
  // A part asked for while these load is loaded too before the language counts as loaded.
  for (let parts = [...wanted]; parts.length > 0; parts = [...wanted].filter((part) => !hasPart(language, part))) {
    const modules = await Promise.all(parts.map((part) => catalogues[language][part]()));
    for (const module of modules) mergeDeep(merged, module.default);
    parts.forEach((part) => markLoaded(language, part));
  }
  return merged;
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLocale(language)) return callback(null, {});
    readParts(language).then(
      (resources) => callback(null, resources as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Loads `part` of the catalogue of every language loaded so far (the signed-in layouts wait for it before
 * rendering, app/router.tsx); languages loaded later include it.
 */
export async function loadCatalogue(part: CataloguePart): Promise<void> {
  wanted.add(part);
  await i18nReady;
  await Promise.all(
    LOCALES.filter((l) => i18n.hasResourceBundle(l, 'translation') && !hasPart(l, part)).map(async (l) => {
      const module = await catalogues[l][part]();
      i18n.addResourceBundle(l, 'translation', module.default, true, true);
      markLoaded(l, part);
    }),
  );
}

/**
 * `load`, settling once `parts` of the catalogue are in too: the signed-in layouts, the pages beyond the
 * profile list and the list's dialogs and flyout render only when what they say is loaded.
 */
export function withCatalogue<T>(load: () => Promise<T>, ...parts: CataloguePart[]): () => Promise<T> {
  return () => Promise.all([load(), ...parts.map((part) => loadCatalogue(part))]).then(([module]) => module);
}

/**
 * Settles once the URL's language is loaded: main.tsx renders after it, so the first render already
 * speaks that language; LocaleLayout keeps it in step afterwards (changeLanguage loads the other one).
 */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    // No window when the server renders a page's frame (src/shell/render-shell.tsx, its own instance).
    lng: typeof window === 'undefined' ? undefined : localeFromPath(window.location.pathname),
    fallbackLng: false,
    supportedLngs: LOCALES,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
countZeroAsPlural(i18n);

export default i18n;
