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

type DniParts = { number: string; surnames: string; names: string; sex: string; birth: string; issue: string };

/** The fields both layouts carry, in one shape; `expiry` and `extra` are what differ. */
const dniFields = (p: DniParts, expiry: string | null, extra: DocumentFields['extra']): DocumentFields => ({
  source: 'pdf417',
  document: 'ar_dni',
  country: 'ARG',
  documentNumber: p.number,
  surnames: p.surnames,
  givenNames: p.names,
  sex: sexOf(p.sex),
  birthDate: dayMonthYear(p.birth),
  issueDate: dayMonthYear(p.issue),
  expiryDate: expiry ? dayMonthYear(expiry) : null,
  extra,
});

export function parseArgentineDni(payload: string): DocumentFields | null {
  const parts = payload.replace(/[\r\n]+$/, '').split('@');
  if (parts.length >= 8 && parts[0] !== '' && DNI_NUMBER.test(clean(parts[4]))) {
    const [tramite, surnames, names, sex, number, ejemplar, birth, issue, cuil] = parts.map(clean);
    return dniFields(
      { number: number!, surnames: surnames!, names: names!, sex: sex!, birth: birth!, issue: issue! },
      null,
      {
        layout: 'current',
        tramite: tramite!,
        ejemplar: ejemplar!,
        ...(cuil ? { cuil } : {}),
      },
    );
  }
  if (parts.length >= 11 && parts[0] === '' && DNI_NUMBER.test(clean(parts[1]))) {
    const [, number, ejemplar, , surnames, names, nationality, birth, sex, issue, tramite, , expiry] = parts.map(clean);
    return dniFields(
      { number: number!, surnames: surnames!, names: names!, sex: sex!, birth: birth!, issue: issue! },
      expiry || null,
      {
        layout: 'older',
        tramite: tramite!,
        ejemplar: ejemplar!,
        nationality: nationality!,
      },
    );
  }
  return null;
}
