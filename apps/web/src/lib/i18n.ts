import { LOCALES, type Locale } from '@centinela/shared';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFromPath } from './locale.ts';

/**
 * One catalogue per locale, each its own chunk (issue #11): a page downloads only the language it speaks,
 * and the other one only when the visitor switches. check-i18n keeps both complete, so there is no
 * fallback language to download as well.
 */
const catalogues: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = (catalogues as Record<string, (typeof catalogues)[Locale] | undefined>)[language];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Settles once the URL's language is loaded: main.tsx renders after it, so the first render already
 * speaks that language; LocaleLayout keeps it in step afterwards (changeLanguage loads the other one).
 */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: localeFromPath(window.location.pathname),
    fallbackLng: false,
    supportedLngs: LOCALES,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

export default i18n;
