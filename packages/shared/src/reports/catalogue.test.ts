import { describe, expect, it } from 'vitest';
import { DOCUMENT_ID_CHARACTERS } from '../common/text.ts';
import { REPORT_TYPES } from '../enums.ts';
import {
  CATALOGUE_COUNTRIES,
  REPORT_CATALOGUE,
  catalogueLabelKeys,
  checkDocumentId,
  cpfCheckDigits,
  curpCheckDigit,
  documentRule,
  documentRules,
  normalizeDocumentId,
  reportTypesFor,
  requiredInputs,
  rutCheckDigit,
} from './catalogue.ts';
import { formatDocumentId } from './document-format.ts';

const countriesWith = (type: (typeof REPORT_TYPES)[number]) =>
  CATALOGUE_COUNTRIES.filter((c) => reportTypesFor(c).includes(type));

describe('report catalogue', () => {
  it('covers every real country and nothing for the placeholder', () => {
    expect(Object.keys(REPORT_CATALOGUE).sort()).toEqual([...CATALOGUE_COUNTRIES].sort());
    expect(reportTypesFor('xx')).toEqual([]);
    expect(documentRules('xx')).toEqual([]);
    expect(requiredInputs('xx', ['criminal_records'])).toEqual([]);
  });

  it('offers each report where its source exists', () => {
    expect(countriesWith('employment_references')).toEqual(CATALOGUE_COUNTRIES);
    expect(countriesWith('procuradoria_sanctions')).toEqual(['co']);
    expect(countriesWith('state_records').sort()).toEqual(['br', 'mx']);
    // Every type in the enum is offered somewhere, and no country lists a type twice.
    for (const type of REPORT_TYPES) expect(countriesWith(type).length).toBeGreaterThan(0);
    for (const country of CATALOGUE_COUNTRIES) {
      const types = reportTypesFor(country);
      expect(new Set(types).size).toBe(types.length);
    }
  });

  it('unions required inputs in a stable order and ignores types a country lacks', () => {
    expect(requiredInputs('co', ['news_search', 'police_record'])).toEqual([
      'documentType',
      'documentId',
      'name',
      'issueDate',
    ]);
    expect(requiredInputs('mx', ['state_records', 'employment_references'])).toEqual([
      'documentId',
      'name',
      'state',
      'phone',
    ]);
    expect(requiredInputs('cl', ['procuradoria_sanctions'])).toEqual([]);
    expect(requiredInputs('co', [])).toEqual([]);
  });

  it('gives every document rule a consistent example', () => {
    for (const country of CATALOGUE_COUNTRIES) {
      const rules = documentRules(country);
      expect(rules.some((r) => r.type === 'national_id')).toBe(true);
      for (const rule of rules) {
        expect(rule.minLength).toBeLessThanOrEqual(rule.maxLength);
        expect(rule.example, `${country} ${rule.type}`).toMatch(rule.pattern);
        expect(checkDocumentId(country, rule.type, rule.example), `${country} ${rule.type}`).toBeNull();
      }
    }
  });

  it.each([
    ['co', '1020304050', null],
    ['co', '12345', 'too_short'],
    ['co', '12345678901', 'too_long'],
    ['co', '0123456', 'invalid_format'],
    // Letters where only digits belong: the format, not the length, is what is wrong.
    ['co', 'ABC', 'invalid_format'],
    ['co', '12A', 'invalid_format'],
    ['pe', 'ABCDEFGHIJKL', 'invalid_format'],
    ['mx', 'HEGG560427MVZRRL04', null],
    ['mx', 'HEGG561327MVZRRL04', 'invalid_format'],
    // CURPs as OFAC lists them (their check digits hold), then each with its 18th character changed or dropped.
    ['mx', 'TIAJ961201HSLRNS08', null],
    ['mx', 'AIMO681106HCHRRS01', null],
    ['mx', 'MAGP960111HSLRNR03', null],
    ['mx', 'TIAJ961201HSLRNS09', 'invalid_format'],
    ['mx', 'AIMO681106HCHRRS02', 'invalid_format'],
    ['mx', 'MAGP960111HSLRNR00', 'invalid_format'],
    ['mx', 'TIAJ961201HSLRNS0', 'too_short'],
    // Born from 2000: the homoclave is a letter.
    ['mx', 'MAGP000101HSLRNRA7', null],
    ['mx', 'MAGP000101HSLRNRA8', 'invalid_format'],
    ['cl', '12.345.678-5', null],
    ['cl', '12345678-4', 'invalid_format'],
    ['cl', '10.000.013-k', null],
    ['ar', '30123456', null],
    ['ar', '123456', 'too_short'],
    ['br', '529.982.247-25', null],
    ['br', '52998224724', 'invalid_format'],
    ['br', '11111111111', 'invalid_format'],
    ['pe', '45678912', null],
    ['ec', '1710034065', null],
    ['ec', '1710034064', 'invalid_format'],
    ['cr', '012340567', 'invalid_format'],
    ['pa', '8-123-456', null],
    ['pa', '8AV-12-3456', null],
    ['pa', '8123456', 'invalid_format'],
  ] as const)('checks %s national id %s → %s', (country, value, hint) => {
    expect(checkDocumentId(country, 'national_id', value)?.hint ?? null).toBe(hint);
  });

  it('has no advice for a document type the country does not list', () => {
    expect(documentRule('cl', 'foreign_id')).toBeUndefined();
    expect(checkDocumentId('cl', 'foreign_id', 'x')).toBeNull();
  });

  it('normalises typing habits but keeps dashes that belong to the format', () => {
    expect(normalizeDocumentId('co', 'national_id', ' 1.020.304.050 ')).toBe('1020304050');
    expect(normalizeDocumentId('cl', 'national_id', '10.000.013-k')).toBe('10000013-K');
    expect(normalizeDocumentId('pa', 'national_id', '8-123-456')).toBe('8-123-456');
  });

  it('computes known check digits', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(cpfCheckDigits('529982247')).toBe('25');
    // RENAPO's own example, and Ñ weighed after N (RENAPO writes an X for it in a CURP's letters).
    expect(curpCheckDigit('HEGG560427MVZRRL0')).toBe('4');
    expect(curpCheckDigit('NUÑX930929HSLXRL0')).toBe('0');
    expect(curpCheckDigit('NUNX930929HSLXRL0')).toBe('6');
    expect(curpCheckDigit('HEGG560427MVZRRL?')).toBeNull();
  });

  it('shows a Brazilian CPF as 000.000.000-00, any other document as stored', () => {
    expect(formatDocumentId('br', 'national_id', '52998224725')).toBe('529.982.247-25');
    expect(formatDocumentId('br', 'national_id', '529.982.247-25')).toBe('529.982.247-25');
    expect(formatDocumentId('br', 'national_id', '5299822')).toBe('5299822');
    expect(formatDocumentId('br', 'foreign_id', 'V123456-K')).toBe('V123456-K');
    expect(formatDocumentId('co', 'national_id', '10203040500')).toBe('10203040500');
    expect(normalizeDocumentId('br', 'national_id', formatDocumentId('br', 'national_id', '52998224725'))).toBe(
      '52998224725',
    );
  });

  it('names its label keys by convention', () => {
    const keys = catalogueLabelKeys();
    expect(keys).toContain('reports.types.procuradoria_sanctions');
    expect(keys).toContain('documents.mx.national_id');
    expect(keys).toContain('reports.inputs.birthDate');
    for (const key of keys) expect(key).toMatch(/^(reports\.(types|inputs)|documents\.[a-z]{2})\.\w+$/);
  });
});

describe('the characters a document number may be written with', () => {
  it('hold every document of the catalogue, as its example is written and as people group it', () => {
    for (const country of CATALOGUE_COUNTRIES) {
      for (const rule of documentRules(country)) {
        expect(DOCUMENT_ID_CHARACTERS.test(rule.example), `${country} ${rule.type}`).toBe(true);
        // The pattern's own alphabet: every character it accepts in the example, plus the separators.
        expect(DOCUMENT_ID_CHARACTERS.test(`${rule.example.toLowerCase()} .-`)).toBe(true);
      }
    }
    expect(DOCUMENT_ID_CHARACTERS.test('MUÑO561231&R8')).toBe(true); // a Mexican RFC may carry Ñ and &
  });
});
