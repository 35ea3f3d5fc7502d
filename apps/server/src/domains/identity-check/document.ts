/** What a document said, whichever way it was read: the one shape the checks compare. */
export type DocumentSource = 'pdf417' | 'qr' | 'mrz';

export type DocumentFields = {
  /** The reading that produced these fields and the document it recognised. */
  source: DocumentSource;
  document: 'ar_dni' | 'co_cedula' | 'passport' | 'id_card_td1' | 'id_card_td2';
  /** ISO 3166-1 alpha-3 as the document writes it ("ARG", "COL", "UTO"); null when the document does not say. */
  country: string | null;
  documentNumber: string;
  surnames: string;
  givenNames: string;
  sex: 'M' | 'F' | 'X' | null;
  /** YYYY-MM-DD, or null when the document's date is not a real date. */
  birthDate: string | null;
  issueDate?: string | null;
  expiryDate?: string | null;
  /** Check digits the reading verified (MRZ): every one must hold; absent for codes without check digits. */
  checkDigits?: { field: string; valid: boolean }[];
  /** Anything else the document carries (ejemplar, trámite, blood type), shown as read. */
  extra: Record<string, string>;
  /**
   * An OCR reading's names, symbol by symbol (the MRZ's names carry no check digit, so the `name_legible`
   * check judges them from these); null when the OCR's symbols could not be placed; absent for codes.
   */
  nameCells?: NameCell[] | null;
};

/**
 * One cell of the names as OCR read it: the symbol, tesseract's confidence in it (0–100; null for a cell
 * left empty, a filler), and for a K, L or C the grid weighed against a "<", the share of its left edge
 * inked (mrz-grid.ts, STEM_SHARE).
 */
export type NameCell = {
  symbol: string;
  confidence: number | null;
  stem?: number;
};

/** A real calendar date or null: "1980-02-30" is null. */
export function realDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "DD/MM/YYYY" → YYYY-MM-DD or null. */
export function dayMonthYear(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? realDate(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

export function sexOf(letter: string | undefined): DocumentFields['sex'] {
  const l = (letter ?? '').trim().toUpperCase();
  return l === 'M' || l === 'F' || l === 'X' ? l : null;
}
