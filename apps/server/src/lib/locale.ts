import { LOCALES, type Locale } from '@centinela/shared';

const isLocale = (lang: string | undefined): lang is Locale => LOCALES.some((l) => l === lang);

/**
 * The caller's language from Accept-Language: the interface language (LOCALES: en, es, pt) it ranks
 * highest, by its primary tag ('pt-BR' → 'pt', 'es-MX' → 'es'), English when it names none of them.
 */
export function localeFrom(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { lang: tag.split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x): x is { lang: Locale; q: number } => isLocale(x.lang) && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.lang ?? 'en';
}
