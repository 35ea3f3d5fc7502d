/**
 * The identity documents screening matches on, as the server stores them on a list entry and the web
 * names them; every other identifier is 'other' with its published label.
 */
export const WATCHLIST_DOCUMENT_TYPES = [
  'curp',
  'rfc',
  'cedula',
  'nit',
  'rut',
  'dni',
  'cpf',
  'passport',
  'national_id',
  'other',
] as const;
export type WatchlistDocumentType = (typeof WATCHLIST_DOCUMENT_TYPES)[number];

export const isWatchlistDocumentType = (type: string): type is WatchlistDocumentType =>
  (WATCHLIST_DOCUMENT_TYPES as readonly string[]).includes(type);
