import { describe, expect, it } from 'vitest';
import { validate } from './validate.ts';

const ok = (value: unknown, rules: string | Parameters<typeof validate>[1]) => validate(value, rules).length === 0;

describe('alpha', () => {
  it('accepts letters of any alphabet, accents included', () => {
    for (const v of ['José', 'Conceição', 'Ñandú', 'Müller', 'abc', 'Łódź']) expect(ok(v, 'alpha')).toBe(true);
    expect(ok('Jose\u0301', 'alpha')).toBe(true); // decomposed accent
  });
  it('rejects digits, spaces, punctuation and non-text', () => {
    for (const v of ['abc1', 'José María', "O'Neil", 'a-b', '', 12]) expect(ok(v, 'alpha')).toBe(false);
  });
  it('alpha:latin allows only a–z', () => {
    expect(ok('Jose', 'alpha:latin')).toBe(true);
    expect(ok('José', 'alpha:latin')).toBe(false);
  });
});

describe('alphanumeric', () => {
  it('accepts letters and digits', () => {
    for (const v of ['abc123', 'Añ0', '2024', 42]) expect(ok(v, 'alphanumeric')).toBe(true);
  });
  it('rejects spaces and symbols', () => {
    for (const v of ['ab c', 'a_b', 'x!', '', -1, 1.5]) expect(ok(v, 'alphanumeric')).toBe(false);
  });
  it('alphanumeric:latin rejects accents', () => {
    expect(ok('Año1', 'alphanumeric:latin')).toBe(false);
    expect(ok('Ano1', 'alphanumeric:latin')).toBe(true);
  });
});

describe('startsWith and endsWith', () => {
  it('accept any of several prefixes or suffixes', () => {
    expect(ok('+5215512345678', 'startsWith:+52,+51')).toBe(true);
    expect(ok('+5112345678', 'startsWith:+52,+51')).toBe(true);
    expect(ok('5512345678', 'startsWith:+52,+51')).toBe(false);
    expect(ok('report.csv', 'endsWith:.csv,.pdf')).toBe(true);
    expect(ok('report.pdf', 'endsWith:.csv,.pdf')).toBe(true);
    expect(ok('report.exe', 'endsWith:.csv,.pdf')).toBe(false);
    expect(ok(undefined, 'endsWith:.csv')).toBe(false);
  });
  it('list the expected values in the message', () => {
    expect(validate('x', 'endsWith:.com,.org,.net')[0]?.message).toBe(
      'This field doesn’t end with .com, .org, or .net.',
    );
    expect(validate('x', 'startsWith:+52', { label: 'phone', locale: 'es' })[0]?.message).toBe(
      'El campo phone no comienza con +52.',
    );
  });
});

describe('matches', () => {
  it('accepts a value matching any regex or exact value', () => {
    expect(ok('123-4567', 'matches:/^\\d{3}-\\d{4}$/')).toBe(true);
    expect(ok('ABC', 'matches:/^abc$/i')).toBe(true);
    expect(ok('abc', 'matches:/^\\d+$/,abc')).toBe(true);
    expect(ok('a|b', 'matches:/^a|b$/')).toBe(true);
    const global = /^[xy]$/g;
    expect(ok('x', [['matches', global]])).toBe(true);
    expect(ok('x', [['matches', global]])).toBe(true); // a /g regex gives the same answer twice
  });
  it('rejects everything else', () => {
    expect(ok('1234567', 'matches:/^\\d{3}-\\d{4}$/')).toBe(false);
    expect(ok('ABC', 'matches:/^abc$/')).toBe(false);
    expect(ok('abcd', 'matches:abc')).toBe(false);
    expect(ok('z', [['matches', /^[xy]$/]])).toBe(false);
    expect(ok('x', 'matches')).toBe(false);
  });
});

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const v of ['ana@example.com', 'ana.perez+cv@mail.example.com.mx', 'x_y@sub.dominio.pe']) {
      expect(ok(v, 'email')).toBe(true);
    }
  });
  it('rejects malformed ones', () => {
    for (const v of [
      'ana',
      'ana@',
      '@example.com',
      'ana@example',
      'ana @example.com',
      'ana@example.c',
      'a@b..com',
      '',
    ]) {
      expect(ok(v, 'email')).toBe(false);
    }
  });
});

describe('url', () => {
  it('accepts http(s) and ftp URLs', () => {
    for (const v of [
      'https://example.com',
      'http://sub.example.com.br/path?q=1#x',
      'https://localhost:3000',
      'ftp://10.0.0.1/file',
    ]) {
      expect(ok(v, 'url')).toBe(true);
    }
  });
  it('rejects anything without a scheme and a host', () => {
    for (const v of ['example.com', 'https://', 'https://exa mple.com', 'javascript:alert(1)', 'https://example', '']) {
      expect(ok(v, 'url')).toBe(false);
    }
  });
});
