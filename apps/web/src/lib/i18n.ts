import { DEFAULT_LOCALE, LOCALES } from '@centinela/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { localeFromPath } from './locale.ts';

export const resources = { en: { translation: en }, es: { translation: es } } as const;

// The first render already speaks the URL's language; LocaleLayout keeps it in step afterwards.
void i18n.use(initReactI18next).init({
  resources,
  lng: localeFromPath(window.location.pathname),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  initAsync: false,
  interpolation: { escapeValue: false },
});

export default i18n;
