import type { Country, DocumentType } from '../enums.ts';

/**
 * A document number as people write it, for display: a Brazilian CPF stored as its eleven digits reads
 * 000.000.000-00. Anything else (and a CPF that is not eleven digits) shows as stored. Its own module, apart
 * from the catalogue: the persons list's rows use it, and the catalogue's data would cost the list ~2 KB.
 */
export function formatDocumentId(country: Country, type: DocumentType, value: string): string {
  if (country === 'br' && type === 'national_id') {
    const digits = /^(\d{3})\.?(\d{3})\.?(\d{3})-?(\d{2})$/.exec(value.trim());
    if (digits) return `${digits[1]}.${digits[2]}.${digits[3]}-${digits[4]}`;
  }
  return value;
}
