import type { Locale } from '@centinela/shared';
import { useLocation } from 'react-router';
import { localeFromPath } from './locale.ts';

/** The page's locale comes from its URL (SPEC §2: English unprefixed, Spanish under /es). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
