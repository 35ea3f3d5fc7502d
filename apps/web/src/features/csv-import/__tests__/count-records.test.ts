import { describe, expect, it } from 'vitest';
import { countCsvRows } from '../utils/count-records.ts';

describe('counting CSV rows in the browser (the row limit before the upload)', () => {
  it('counts records, not lines: quoted newlines, blank lines, CRLF, no header, BOM', () => {
    expect(countCsvRows('\uFEFFa;b\r\n1;"x\r\ny"\r\n\r\n2;z\r\n')).toBe(2);
    expect(countCsvRows('a,b\n1,2')).toBe(1);
    expect(countCsvRows('a,b\n')).toBe(0);
    expect(countCsvRows('')).toBe(0);
  });

  it('stops early past the limit', () => {
    const text = `h\n${'x\n'.repeat(10_000)}`;
    expect(countCsvRows(text)).toBe(10_000);
    expect(countCsvRows(text, 5)).toBeGreaterThan(5);
    expect(countCsvRows(text, 5)).toBeLessThan(10);
  });
});
