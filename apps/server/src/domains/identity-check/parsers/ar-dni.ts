/**
 * The Argentine DNI's PDF417: fields separated by "@". Two layouts are in circulation:
 *  - the card (2009 on, "nuevo DNI"): trámite@surnames@names@sex@number@ejemplar@birth@issue[@cuil digits];
 *  - the older layout (the 2012 "tarjeta" before the redesign and the libreta's card): it opens with "@":
 *    @number @ejemplar@?@surnames@names@nationality@birth@sex@issue@trámite@office@expiry…
 * Dates are DD/MM/YYYY. Neither carries a check digit: "valid" for a DNI is real dates and a 7–8 digit number.
 */
import { type DocumentFields, dayMonthYear, sexOf } from '../document.ts';

const DNI_NUMBER = /^[0-9]{7,8}$/;
const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

export function parseArgentineDni(payload: string): DocumentFields | null {
  const parts = payload.replace(/[\r\n]+$/, '').split('@');
  if (parts.length >= 8 && parts[0] !== '' && DNI_NUMBER.test(clean(parts[4]))) {
    const [tramite, surnames, names, sex, number, ejemplar, birth, issue, cuil] = parts.map(clean);
    return {
      source: 'pdf417',
      document: 'ar_dni',
      country: 'ARG',
      documentNumber: number!,
      surnames: surnames!,
      givenNames: names!,
      sex: sexOf(sex),
      birthDate: dayMonthYear(birth!),
      issueDate: dayMonthYear(issue!),
      expiryDate: null,
      extra: { layout: 'current', tramite: tramite!, ejemplar: ejemplar!, ...(cuil ? { cuil: cuil } : {}) },
    };
  }
  if (parts.length >= 11 && parts[0] === '' && DNI_NUMBER.test(clean(parts[1]))) {
    const [, number, ejemplar, , surnames, names, nationality, birth, sex, issue, tramite, , expiry] = parts.map(clean);
    return {
      source: 'pdf417',
      document: 'ar_dni',
      country: 'ARG',
      documentNumber: number!,
      surnames: surnames!,
      givenNames: names!,
      sex: sexOf(sex),
      birthDate: dayMonthYear(birth!),
      issueDate: dayMonthYear(issue!),
      expiryDate: expiry ? dayMonthYear(expiry) : null,
      extra: { layout: 'older', tramite: tramite!, ejemplar: ejemplar!, nationality: nationality! },
    };
  }
  return null;
}
