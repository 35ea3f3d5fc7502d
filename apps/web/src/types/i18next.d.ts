import 'i18next';
import type { en as issues } from '@centinela/shared/issues/en';
import type en from '../locales/en.json';

// Keys passed to t() are checked against the English catalogue, and the API's issue messages merged into it
// (lib/i18n.ts), at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof issues };
  }
}
