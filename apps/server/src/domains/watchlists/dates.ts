import type { BirthDate } from './entry.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date as precise as it was written: the first and last day it may be, and itself in ISO form. */
export type PartialDate = { precision: 'day' | 'month' | 'year'; from: string; to: string; iso: string };

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function yearSpan(year: number): PartialDate {
  return { precision: 'year', from: `${year}-01-01`, to: `${year}-12-31`, iso: String(year) };
}

function monthSpan(year: number, month: number): PartialDate {
  const iso = `${year}-${pad(month)}`;
  return { precision: 'month', from: `${iso}-01`, to: `${iso}-${pad(daysIn(year, month))}`, iso };
}

/** YYYY-MM-DD, or null when it is no calendar day. */
export function daySpan(year: number, month: number, day: number): PartialDate | null {
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return { precision: 'day', from: iso, to: iso, iso };
}

const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** OFAC's forms: "01 Dec 1996", "Dec 1996", "1996"; also ISO "1996-12-01" (UN). Null for anything else. */
export function parsePartialDate(text: string): PartialDate | null {
  const value = text.trim();
  let m = /^(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4})$/.exec(value);
  if (m) return monthNumber(m[2]!) ? daySpan(Number(m[3]), monthNumber(m[2]!), Number(m[1])) : null;
  m = /^([A-Za-z]{3,9})\.? (\d{4})$/.exec(value);
  if (m) return monthNumber(m[1]!) ? monthSpan(Number(m[2]), monthNumber(m[1]!)) : null;
  m = /^(\d{4})$/.exec(value);
  if (m) return yearSpan(Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return daySpan(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/**
 * An OFAC date of birth: one date ("01 Dec 1996", "Dec 1996", "1996"), a range ("1962 to 1963",
 * "01 Jan 1960 to 31 Dec 1962", "circa 1960-1961"), either may start with "circa". Null when unreadable.
 */
export function parseBirthDate(text: string): BirthDate | null {
  const raw = text.trim();
  const circa = /^circa\s+/i.test(raw);
  const value = raw.replace(/^circa\s+/i, '');
  const range = /^(.+?) to (.+)$/.exec(value) ?? /^(\d{4})\s*-\s*(\d{4})$/.exec(value);
  if (range) {
    const from = parsePartialDate(range[1]!);
    const to = parsePartialDate(range[2]!);
    if (!from || !to || from.from > to.to) return null;
    return { precision: 'range', from: from.from, to: to.to, circa, raw };
  }
  const date = parsePartialDate(value);
  return date && { precision: date.precision, from: date.from, to: date.to, circa, raw };
}

/** The same BirthDate from a year range (UN FROM_YEAR/TO_YEAR). */
export function yearRange(fromYear: number, toYear: number, circa: boolean, raw: string): BirthDate | null {
  if (fromYear > toYear) return null;
  return { precision: 'range', from: yearSpan(fromYear).from, to: yearSpan(toYear).to, circa, raw };
}
