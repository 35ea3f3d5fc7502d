import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parseBirthDate } from '../../src/domains/watchlists/dates.ts';
import { normalizeDocumentNumber } from '../../src/domains/watchlists/documents.ts';
import { extractRemarks } from '../../src/domains/watchlists/remarks.ts';
import { OFAC_MAY } from './support.ts';

/** The Remarks column of one row of an sdn.csv, read from the file itself. */
async function ofacRemarks(path: string, entNum: string): Promise<string> {
  const line = (await readFile(path, 'latin1')).split('\r\n').find((row) => row.startsWith(`${entNum},`))!;
  const [cells] = parse(line) as string[][];
  return cells![11]!;
}

// Every Remarks text below is copied from ofac-sdn-2024-05-03.csv (grep -a '^<ent_num>,' on the file).
const person = { individual: true };

describe('OFAC Remarks extractor', () => {
  it('reads DOB, POB, nationality, gender and a C.U.R.P. with its country (ent_num 48066)', () => {
    const facts = extractRemarks(
      'DOB 01 Dec 1996; POB Sinaloa, Mexico; nationality Mexico; Gender Male; C.U.R.P. TIAJ961201HSLRNS08 (Mexico).',
      person,
    );
    expect(facts).toEqual({
      aliases: [],
      birthDates: [{ precision: 'day', from: '1996-12-01', to: '1996-12-01', circa: false, raw: '01 Dec 1996' }],
      birthPlaces: [{ raw: 'Sinaloa, Mexico', country: 'MX' }],
      nationalities: [{ raw: 'Mexico', code: 'MX' }],
      citizenships: [],
      gender: 'male',
      documents: [
        {
          type: 'curp',
          label: 'C.U.R.P.',
          number: 'TIAJ961201HSLRNS08',
          raw: 'TIAJ961201HSLRNS08',
          country: 'MX',
          countryRaw: 'Mexico',
        },
      ],
      truncated: false,
    });
  });

  it('reads an R.F.C. with dashes, a citizenship and an issue year (ent_num 9338)', () => {
    const facts = extractRemarks(
      'DOB 15 Dec 1967; POB Chihuahua, Mexico; nationality Mexico; citizen Mexico; R.F.C. AIMM-671215-387 (Mexico); C.U.R.P. AIMM67125HCHRRG06 (Mexico) issued 1968.',
      person,
    );
    expect(facts.citizenships).toEqual([{ raw: 'Mexico', code: 'MX' }]);
    expect(facts.documents).toEqual([
      {
        type: 'rfc',
        label: 'R.F.C.',
        number: 'AIMM671215387',
        raw: 'AIMM-671215-387',
        country: 'MX',
        countryRaw: 'Mexico',
      },
      {
        type: 'curp',
        label: 'C.U.R.P.',
        number: 'AIMM67125HCHRRG06',
        raw: 'AIMM67125HCHRRG06',
        country: 'MX',
        countryRaw: 'Mexico',
        issued: '1968',
      },
    ]);
  });

  it('reads alternates of each kind, a cedula and a passport from another country (ent_num 11476)', () => {
    const facts = extractRemarks(
      "DOB 30 Mar 1957; alt. DOB 10 Mar 1958; alt. DOB 30 Mar 1959; alt. DOB 22 Aug 1959; POB Medellin, Colombia; alt. POB Huamantla, Tlaxcala, Mexico; Cedula No. 70123377 (Colombia); Passport 05400005349 (Mexico); R.F.C. VELD580310 (Mexico); Credencial electoral AGBSMR59033015H800 (Mexico); a.k.a. 'EL ARQUITECTO'.",
      person,
    );
    expect(facts.birthDates.map((date) => date.from)).toEqual(['1957-03-30', '1958-03-10', '1959-03-30', '1959-08-22']);
    expect(facts.birthPlaces).toEqual([
      { raw: 'Medellin, Colombia', country: 'CO' },
      { raw: 'Huamantla, Tlaxcala, Mexico', country: 'MX' },
    ]);
    expect(facts.documents.map(({ type, number, country }) => ({ type, number, country }))).toEqual([
      { type: 'cedula', number: '70123377', country: 'CO' },
      { type: 'passport', number: '05400005349', country: 'MX' },
      { type: 'rfc', number: 'VELD580310', country: 'MX' },
      { type: 'national_id', number: 'AGBSMR59033015H800', country: 'MX' },
    ]);
    expect(facts.aliases).toEqual([{ name: 'EL ARQUITECTO', kind: 'aka' }]);
  });

  it('reads "DOB 1962 to 1963" as a range and a passport expiry (ent_num 47704)', () => {
    const facts = extractRemarks(
      'DOB 1962 to 1963; alt. DOB 31 Dec 1961; POB Yazd, Iran; nationality Iran; Gender Male; Secondary sanctions risk: section 1(b) of Executive Order 13224, as amended by Executive Order 13886; Passport D10008862 (Iran) expires 04 Oct 2026; Linked To: ISLAMIC REVOLUTIONARY GUARD CORPS (IRGC)-QODS FORCE.',
      person,
    );
    expect(facts.birthDates[0]).toEqual({
      precision: 'range',
      from: '1962-01-01',
      to: '1963-12-31',
      circa: false,
      raw: '1962 to 1963',
    });
    expect(facts.documents).toEqual([
      {
        type: 'passport',
        label: 'Passport',
        number: 'D10008862',
        raw: 'D10008862',
        country: 'IR',
        countryRaw: 'Iran',
        expires: '2026-10-04',
      },
    ]);
  });

  it('reads "circa" dates and passports whose number starts with a series letter (ent_num 7782, 6944)', () => {
    expect(extractRemarks('DOB circa 1951; POB Foca, Bosnia-Herzegovina.', person)).toMatchObject({
      birthDates: [{ precision: 'year', from: '1951-01-01', to: '1951-12-31', circa: true }],
      birthPlaces: [{ raw: 'Foca, Bosnia-Herzegovina', country: 'BA' }],
    });
    const facts = extractRemarks(
      'DOB 1969; alt. DOB 1963; alt. DOB 11 Feb 1964; POB Al-Medinah, Saudi Arabia; nationality Saudi Arabia; Passport B 960789; alt. Passport G 649385 issued 08 Sep 2006 expires 17 Jul 2011.',
      person,
    );
    expect(facts.documents).toEqual([
      { type: 'passport', label: 'Passport', number: 'B960789', raw: 'B 960789' },
      {
        type: 'passport',
        label: 'Passport',
        number: 'G649385',
        raw: 'G 649385',
        issued: '2006-09-08',
        expires: '2011-07-17',
      },
    ]);
  });

  it("reads a company's NIT and its a.k.a.; an n.k.a.; a personal document on an entity is 'other' (ent_num 8730, 41920)", () => {
    const company = { individual: false };
    expect(extractRemarks("NIT # 860009526-3 (Colombia); a.k.a. 'INTER'.", company)).toMatchObject({
      documents: [{ type: 'nit', label: 'NIT #', number: '8600095263', raw: '860009526-3', country: 'CO' }],
      aliases: [{ name: 'INTER', kind: 'aka' }],
    });
    const facts = extractRemarks(
      "Organization Established Date 1971; Organization Type: Mining of iron ores; Tax ID No. 3127000014 (Russia); Registration Number 1023102257914 (Russia); n.k.a. 'LGOK'; Linked To: HOLDINGOVAYA KOMPANIYA METALLOINVEST AO.",
      company,
    );
    expect(facts.aliases).toEqual([{ name: 'LGOK', kind: 'nka' }]);
    expect(facts.documents.map(({ type, label, number }) => `${type} ${label} ${number}`)).toEqual([
      'other Tax ID No. 3127000014',
      'other Registration Number 1023102257914',
    ]);
    expect(extractRemarks('National ID No. 216040 (Yemen).', company).documents[0]?.type).toBe('other');
  });

  it('keeps apostrophes inside an alias and drops the item OFAC cut at 1,000 characters (ent_num 10692, 47682)', async () => {
    expect(extractRemarks("a.k.a. 'ABU 'ABD AL-'AZIZ'.", person).aliases).toEqual([
      { name: "ABU 'ABD AL-'AZIZ", kind: 'aka' },
    ]);
    const cut = await ofacRemarks(OFAC_MAY, '47682');
    expect(cut).toHaveLength(1000);
    expect(cut.endsWith("a.k.a. 'JACKROCK#3337'; a.k.a. '@")).toBe(true);
    const facts = extractRemarks(cut, person);
    expect(facts.truncated).toBe(true);
    expect(facts.aliases.map((alias) => alias.name)).toEqual([
      'BASSTERLORD',
      'FISHEYE',
      'EDITOR',
      '@AL3XL7',
      'JACKROCK#3337',
    ]);
    expect(facts.documents).toMatchObject([{ type: 'passport', number: '7019934211', country: 'RU' }]);
  });

  it('reads nothing from an empty Remarks ("-0-")', () => {
    expect(extractRemarks('-0- ', person)).toEqual({
      aliases: [],
      birthDates: [],
      birthPlaces: [],
      nationalities: [],
      citizenships: [],
      documents: [],
      truncated: false,
    });
  });
});

describe('OFAC dates and document numbers', () => {
  it('reads every form of date of birth the SDN list uses', () => {
    expect(parseBirthDate('Dec 1965')).toMatchObject({ precision: 'month', from: '1965-12-01', to: '1965-12-31' });
    expect(parseBirthDate('01 Jan 1960 to 31 Dec 1962')).toMatchObject({
      precision: 'range',
      from: '1960-01-01',
      to: '1962-12-31',
    });
    expect(parseBirthDate('circa 1960-1961')).toMatchObject({
      precision: 'range',
      from: '1960-01-01',
      to: '1961-12-31',
      circa: true,
    });
    expect(parseBirthDate('circa 01 Jan 1960')).toMatchObject({ precision: 'day', from: '1960-01-01', circa: true });
    expect(parseBirthDate('Feb 1964')).toMatchObject({ to: '1964-02-29' });
    expect(parseBirthDate('31 Feb 1964')).toBeNull();
    expect(parseBirthDate('the spring of 1964')).toBeNull();
  });

  it('normalises numbers to letters and digits in uppercase', () => {
    expect(normalizeDocumentNumber('dib-771110-hq1')).toBe('DIB771110HQ1');
    expect(normalizeDocumentNumber('V-12.345.678')).toBe('V12345678');
    expect(normalizeDocumentNumber(' 96 03 464086 ')).toBe('9603464086');
  });
});
