import type { Country, DocumentType } from '../enums.ts';

/**
 * What people in each country call its documents (CURP, CPF, CC, DNI, RUT…): acronyms, never translated.
 * Apart from the catalogue so the persons list can name a document without loading every rule.
 */
const DOCUMENT_NAMES: Partial<Record<Country, Partial<Record<DocumentType, string>>>> = {
  ar: { national_id: 'DNI', tax_id: 'CUIL' },
  br: { national_id: 'CPF', foreign_id: 'RNM' },
  cl: { national_id: 'RUT' },
  co: { national_id: 'CC', foreign_id: 'CE', tax_id: 'NIT' },
  cr: { national_id: 'CI', foreign_id: 'DIMEX' },
  ec: { national_id: 'CI', tax_id: 'RUC' },
  mx: { national_id: 'CURP', tax_id: 'RFC' },
  pa: { national_id: 'CIP', foreign_id: 'E' },
  pe: { national_id: 'DNI', foreign_id: 'CE', tax_id: 'RUC' },
};

/** How a passport is written in the CSV and the document pickers. */
export const PASSPORT_NAME = 'PAS';

/**
 * The local name of a person's document, where the catalogue knows it; a passport stays "passport" in the
 * reader's words. A generic "national document" is nobody's word.
 */
export function localDocumentName(country: string, type: string): string | undefined {
  return DOCUMENT_NAMES[country as Country]?.[type as DocumentType];
}
