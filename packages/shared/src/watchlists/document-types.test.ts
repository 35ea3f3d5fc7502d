import { describe, expect, it } from 'vitest';
import { isWatchlistDocumentType, WATCHLIST_DOCUMENT_TYPES } from './document-types.ts';

describe('watch-list document types', () => {
  it('names the types the parsers write and nothing else', () => {
    expect(WATCHLIST_DOCUMENT_TYPES).toContain('passport');
    expect(isWatchlistDocumentType('cedula')).toBe(true);
    expect(isWatchlistDocumentType('Passport')).toBe(false);
    expect(isWatchlistDocumentType('')).toBe(false);
  });
});
