import type { Locale } from '@centinela/shared';

/** The caller's language from Accept-Language: Spanish if preferred over English, else English. */
export function localeFrom(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { lang: tag.split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x) => x.lang === 'es' || x.lang === 'en')
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.lang === 'es' ? 'es' : 'en';
}
