import { describe, expect, it } from 'vitest';
import { UPLOAD_TYPES } from './rules/index.ts';
import { validate } from './validate.ts';

const keys = (value: unknown, rules: string) => validate(value, rules).map((i) => i.key);
const file = (name: string, type: string) => ({ name, type });

describe('in', () => {
  it('accepts a listed value, numbers by their text', () => {
    expect(keys('mx', 'in:mx,co,pe')).toEqual([]);
    expect(keys(2, 'in:1,2,3')).toEqual([]);
  });
  it('rejects an unlisted value, case and all', () => {
    expect(keys('MX', 'in:mx,co')).toEqual(['in']);
    expect(keys('', 'in:mx,co')).toEqual(['in']);
    expect(keys({ mx: 1 }, 'in:mx')).toEqual(['in']);
  });
  it('checks every selected item', () => {
    expect(keys(['mx', 'co'], 'in:mx,co,pe')).toEqual([]);
    expect(keys(['mx', 'br'], 'in:mx,co,pe')).toEqual(['in']);
  });
});

describe('not', () => {
  it('rejects a listed value and names it', () => {
    expect(keys('admin', 'not:admin,root')).toEqual(['not']);
    expect(validate('root', 'not:admin,root', { label: 'username' })[0]?.message).toBe(
      'Username does not accept “root”.',
    );
    expect(validate(['ok', 'root'], 'not:admin,root')[0]?.params).toEqual({ value: 'root' });
  });
  it('accepts anything else', () => {
    expect(keys('ana', 'not:admin,root')).toEqual([]);
    expect(keys(['ana', 'luis'], 'not:admin,root')).toEqual([]);
  });
});

describe('mime', () => {
  const rules = `mime:${UPLOAD_TYPES.join(',')}`;

  it('accepts the SPEC upload types by their MIME type', () => {
    for (const f of [
      file('a.csv', 'text/csv'),
      file('a.csv', 'application/vnd.ms-excel'),
      file('a.gif', 'image/gif'),
      file('a.jpg', 'image/jpeg'),
      file('a.png', 'image/png'),
      file('a.pdf', 'application/pdf'),
      file('a.svg', 'image/svg+xml'),
    ]) {
      expect(keys(f, rules)).toEqual([]);
    }
  });
  it('rejects other types, even behind an allowed extension', () => {
    expect(keys(file('a.exe', 'application/x-msdownload'), rules)).toEqual(['mime']);
    expect(keys(file('a.pdf', 'text/html'), rules)).toEqual(['mime']);
    expect(keys(file('a.png', 'image/png'), 'mime:pdf,csv')).toEqual(['mime']);
  });
  it('falls back on the extension when the browser gives no type', () => {
    expect(keys(file('DATA.CSV', ''), 'mime:csv')).toEqual([]);
    expect(keys(file('data.xlsx', ''), 'mime:csv')).toEqual(['mime']);
  });
  it('accepts MIME types and families as arguments', () => {
    expect(keys(file('a.webp', 'image/webp'), 'mime:image/*')).toEqual([]);
    expect(keys(file('a.pdf', 'application/pdf'), 'mime:image/*')).toEqual(['mime']);
    expect(keys(file('a.pdf', 'application/pdf'), 'mime:application/pdf')).toEqual([]);
  });
  it('checks every file of a list and rejects non-files', () => {
    expect(keys([file('a.pdf', 'application/pdf'), file('b.png', 'image/png')], 'mime:pdf,png')).toEqual([]);
    expect(keys([file('a.pdf', 'application/pdf'), file('b.zip', 'application/zip')], 'mime:pdf,png')).toEqual([
      'mime',
    ]);
    expect(keys('a.pdf', 'mime:pdf')).toEqual(['mime']);
    expect(keys(file('a.pdf', 'application/pdf'), 'mime')).toEqual(['default']);
  });
});
