import { countryCode } from './countries.ts';
import type { DocumentType, IdentityDocument } from './entry.ts';

/** Documents only one country issues: their country is known even when the list does not print it. */
const ONLY_ISSUED_BY: Partial<Record<DocumentType, string>> = { curp: 'MX', rfc: 'MX', cpf: 'BR' };

/** Personal documents on an entity or a vessel are registry numbers, not a person's papers. */
const PERSONAL: ReadonlySet<DocumentType> = new Set(['passport', 'national_id', 'cedula', 'dni', 'curp', 'cpf']);

/**
 * Uppercase, letters and digits only: the separators (space . - / , #) are written or left out at will
 * ("NIT # 800018928-0" and "8000189280" are the same document).
 */
export function normalizeDocumentNumber(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** A registry's letters before the digits ("RL 1794375", "TR-P 614 166", "HRB 14604") belong to the number. */
const LETTER_PREFIX = /^[A-Z]{1,3}(?:-[A-Z]{1,2})?$/;

/**
 * The number inside a published document text, as written: parenthesised notes and anything after
 * ", " dropped, then the run of words with digits (and a letter prefix just before it), so
 * "Libyan Passport No. 96/184442" → "96/184442", "96 03 464086" stays whole. Empty when it has no digit.
 */
export function documentNumberText(text: string): string {
  const words = text
    .replace(/\([^)]*\)/g, ' ')
    .split(/,\s/)[0]!
    .trim()
    .split(/\s+/);
  let first = words.findIndex((word) => /\d/.test(word));
  if (first < 0) return '';
  if (first > 0 && LETTER_PREFIX.test(words[first - 1]!)) first--;
  let last = first;
  while (last + 1 < words.length && /\d/.test(words[last + 1]!)) last++;
  return words.slice(first, last + 1).join(' ');
}

export type DocumentInput = {
  type: DocumentType;
  label: string;
  text: string;
  countryRaw?: string;
  issued?: string;
  expires?: string;
  /** False for entities, vessels and aircraft: their personal-looking documents become 'other'. */
  individual: boolean;
};

/** The normalised document, or null when the text holds no number. */
export function toDocument({
  type,
  label,
  text,
  countryRaw,
  issued,
  expires,
  individual,
}: DocumentInput): IdentityDocument | null {
  const raw = documentNumberText(text);
  const number = normalizeDocumentNumber(raw);
  if (!number) return null;
  const finalType = !individual && PERSONAL.has(type) ? 'other' : type;
  const country = (countryRaw && countryCode(countryRaw)) || ONLY_ISSUED_BY[type];
  return {
    type: finalType,
    label,
    number,
    raw,
    ...(country ? { country } : {}),
    ...(countryRaw ? { countryRaw } : {}),
    ...(issued ? { issued } : {}),
    ...(expires ? { expires } : {}),
  };
}
