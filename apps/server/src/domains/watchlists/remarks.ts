import { countryCode, placeCountry } from './countries.ts';
import { parseBirthDate, parsePartialDate } from './dates.ts';
import { toDocument } from './documents.ts';
import type { Alias, AliasKind, BirthDate, Country, IdentityDocument, Place } from './entry.ts';
import { OFAC_DOCUMENT_LABELS } from './ofac-document-labels.ts';

/** OFAC cuts the Remarks column at this many characters (the rest is only in its other files). */
export const OFAC_REMARKS_LIMIT = 1000;

export type RemarksFacts = {
  aliases: Alias[];
  birthDates: BirthDate[];
  birthPlaces: Place[];
  nationalities: Country[];
  citizenships: Country[];
  gender?: 'male' | 'female';
  documents: IdentityDocument[];
  /** The remarks were cut at OFAC's limit: their last item was dropped, it may be incomplete. */
  truncated: boolean;
};

const ALIAS_KINDS: Record<string, AliasKind> = { 'a.k.a.': 'aka', 'f.k.a.': 'fka', 'n.k.a.': 'nka' };
// The quotes around an alias are its first and last; the name may hold more ("'ABD AL-'AZIZ").
const ALIAS = /^([afn]\.k\.a\.) '(.*)'$/;
const KEYWORD = /^(DOB|POB|nationality|citizen|Gender) (.+)$/i;
const ISSUED = /\s+issued\s+(.+?)(?=\s+expire[sd]?\s|$)/;
const EXPIRES = /\s+expire[sd]?\s+(.+)$/;
const LAST_PARENS = /\(([^()]*)\)\s*$/;

/**
 * The items of a Remarks text: OFAC separates them with ";" and ends the text with "."; an "alt."
 * before an item marks another value of the same kind and changes nothing here.
 */
export function remarkItems(remarks: string): { items: string[]; truncated: boolean } {
  const text = remarks.trim();
  if (text === '' || text === '-0-') return { items: [], truncated: false };
  const truncated = text.length >= OFAC_REMARKS_LIMIT && !text.endsWith('.');
  const items = text
    .replace(/\.$/, '')
    .split(';')
    .map((item) => item.trim().replace(/^alt\.\s+/i, ''))
    .filter(Boolean);
  if (truncated) items.pop();
  return { items, truncated };
}

function readDocument(item: string, individual: boolean): IdentityDocument | null | undefined {
  const match = OFAC_DOCUMENT_LABELS.find(({ prefix }) => item.startsWith(prefix));
  if (!match) return undefined;
  let rest = item.slice(match.prefix.length);
  const issued = ISSUED.exec(rest)?.[1];
  const expires = EXPIRES.exec(rest)?.[1];
  rest = rest.replace(EXPIRES, '').replace(ISSUED, '');
  const countryRaw = LAST_PARENS.exec(rest)?.[1]?.trim();
  return toDocument({
    type: match.type,
    label: match.label,
    text: rest,
    countryRaw,
    issued: issued && parsePartialDate(issued)?.iso,
    expires: expires && parsePartialDate(expires)?.iso,
    individual,
  });
}

/**
 * What identifies the entry inside OFAC's Remarks: aliases, dates and places of birth, nationalities,
 * citizenships, gender and identity documents with their issuing country. Items it does not know
 * (addresses of websites, sanctions notes, "Linked To") stay in the remarks text only.
 */
export function extractRemarks(remarks: string, { individual }: { individual: boolean }): RemarksFacts {
  const { items, truncated } = remarkItems(remarks);
  const facts: RemarksFacts = {
    aliases: [],
    birthDates: [],
    birthPlaces: [],
    nationalities: [],
    citizenships: [],
    documents: [],
    truncated,
  };
  for (const item of items) {
    const alias = ALIAS.exec(item);
    if (alias) {
      const name = alias[2]!.trim();
      if (name) facts.aliases.push({ name, kind: ALIAS_KINDS[alias[1]!]! });
      continue;
    }
    const keyword = KEYWORD.exec(item);
    if (keyword) {
      const value = keyword[2]!.trim();
      switch (keyword[1]!.toLowerCase()) {
        case 'dob': {
          const date = parseBirthDate(value);
          if (date) facts.birthDates.push(date);
          break;
        }
        case 'pob': {
          const country = placeCountry(value);
          facts.birthPlaces.push(country ? { raw: value, country } : { raw: value });
          break;
        }
        case 'nationality':
        case 'citizen': {
          const code = countryCode(value);
          (keyword[1]!.toLowerCase() === 'citizen' ? facts.citizenships : facts.nationalities).push(
            code ? { raw: value, code } : { raw: value },
          );
          break;
        }
        case 'gender': {
          const gender = value.toLowerCase();
          if (gender === 'male' || gender === 'female') facts.gender = gender;
          break;
        }
      }
      continue;
    }
    const document = readDocument(item, individual);
    if (document) facts.documents.push(document);
  }
  return facts;
}
