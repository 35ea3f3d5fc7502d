import { describe, expect, it } from 'vitest';
import { formatVerificationCode, normalizeVerificationCode, verificationPath } from './pdf.ts';

describe('verification codes', () => {
  it('reads a code back as typed from paper: any case, dashes or spaces, O for zero, I and L for one', () => {
    expect(normalizeVerificationCode('7K2M-9QXD-4HTR-B8NW')).toBe('7K2M9QXD4HTRB8NW');
    expect(normalizeVerificationCode(' 7k2m 9qxd-4htr b8nw ')).toBe('7K2M9QXD4HTRB8NW');
    expect(normalizeVerificationCode('O0IL-0000-0000-0000')).toBe('0011000000000000');
  });

  it('refuses what cannot be a code: wrong length, U, other characters', () => {
    expect(normalizeVerificationCode('7K2M-9QXD-4HTR')).toBeNull();
    expect(normalizeVerificationCode('7K2M-9QXD-4HTR-B8NU')).toBeNull();
    expect(normalizeVerificationCode('7K2M-9QXD-4HTR-B8N!')).toBeNull();
  });

  it('prints in four groups, and leads to the page in the PDF’s language', () => {
    expect(formatVerificationCode('7K2M9QXD4HTRB8NW')).toBe('7K2M-9QXD-4HTR-B8NW');
    expect(verificationPath('7K2M9QXD4HTRB8NW', 'en')).toBe('/verify/7K2M-9QXD-4HTR-B8NW');
    expect(verificationPath('7K2M9QXD4HTRB8NW', 'pt')).toBe('/pt/verify/7K2M-9QXD-4HTR-B8NW');
  });
});
