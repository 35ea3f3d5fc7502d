import type { Locale } from '@centinela/shared';
import { paths } from '../../../config/paths.ts';
import { localizePath } from '../../../lib/locale.ts';

/** The absolute address a candidate opens, in `locale` (the sender's language; the page has a switcher). */
export const formUrl = (code: string, locale: Locale) =>
  `${window.location.origin}${localizePath(paths.forms(code), locale)}`;
