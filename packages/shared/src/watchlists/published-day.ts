import { LOCALE_TAGS, type Locale } from '../enums.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

const CIRCA: Record<Locale, string> = { en: 'circa', es: 'hacia', pt: 'por volta de' };
const TO: Record<Locale, string> = { en: 'to', es: 'a', pt: 'a' };

const NUMERIC: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

function one(value: string, locale: Locale, dayStyle: Intl.DateTimeFormatOptions): string | null {
  const tag = LOCALE_TAGS[locale];
  const day = (y: number, m: number, d: number) =>
    new Intl.DateTimeFormat(tag, { ...dayStyle, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  const month = (y: number, m: number) =>
    new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 1)),
    );
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4})$/.exec(value);
  if (m && monthOf(m[2]!)) return day(Number(m[3]), monthOf(m[2]!), Number(m[1]));
  m = /^(\d{4})-(\d{2})$/.exec(value);
  if (m) return month(Number(m[1]), Number(m[2]));
  m = /^([A-Za-z]{3,9})\.? (\d{4})$/.exec(value);
  if (m && monthOf(m[1]!)) return month(Number(m[2]), monthOf(m[1]!));
  if (/^\d{4}$/.test(value)) return value;
  return null;
}

/**
 * A day as a list published it ("01 Dec 1996", "Dec 1996", "1996", "1996-12-01", "circa 1960", "1962 to
 * 1963"), in the reader's language: lists write English month names, which a Spanish or Portuguese page must
 * not repeat. Only as precise as it was written; a form nobody knows is shown as it came.
 */
export function formatPublishedDay(
  text: string,
  locale: Locale,
  dayStyle: Intl.DateTimeFormatOptions = NUMERIC,
): string {
  const raw = text.trim();
  const circa = /^circa\s+/i.test(raw);
  const value = raw.replace(/^circa\s+/i, '');
  const range = /^(.+?) to (.+)$/.exec(value) ?? /^(\d{4})\s*-\s*(\d{4})$/.exec(value);
  const parts = range
    ? [one(range[1]!.trim(), locale, dayStyle), one(range[2]!.trim(), locale, dayStyle)]
    : [one(value, locale, dayStyle)];
  if (parts.some((p) => p === null)) return raw;
  const said = parts.join(` ${TO[locale]} `);
  return circa ? `${CIRCA[locale]} ${said}` : said;
}
