import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityConfig } from '../../src/domains/identity-check/config.ts';
import { intakeImage } from '../../src/domains/identity-check/intake.ts';
import { closeOcr, ocrWorker, readMrz } from '../../src/domains/identity-check/mrz-ocr.ts';
import { findMrzLines, fitLength, parseMrz } from '../../src/domains/identity-check/mrz-parse.ts';
import { validCheck } from '../../src/domains/identity-check/checks.ts';
import { MARIA_PASSPORT_MRZ, mrzPicture, spoil, type Spoil, TD1_SPECIMEN, TD3_SPECIMEN } from './documents.ts';

const config = identityConfig();
const today = new Date('2026-11-29T12:00:00Z');
const read = async (picture: Buffer) => (await readMrz(await intakeImage(picture, config), today)).reading;

describe('MRZ parsing (no OCR)', () => {
  it('parses ICAO 9303 TD3 and TD1 specimens with every check digit valid', () => {
    const passport = parseMrz(TD3_SPECIMEN, today)!;
    expect(passport.format).toBe('TD3');
    expect(passport.fields).toMatchObject({
      country: 'UTO',
      documentNumber: 'L898902C3',
      surnames: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      sex: 'F',
      birthDate: '1974-08-12',
      expiryDate: '2012-04-15',
    });
    expect(passport.fields.checkDigits!.every((c) => c.valid)).toBe(true);
    const card = parseMrz(TD1_SPECIMEN, today)!;
    expect(card.fields).toMatchObject({
      document: 'id_card_td1',
      documentNumber: 'D23145890',
      birthDate: '1974-08-12',
    });
    expect(card.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });

  it('corrects OCR confusions by field kind and keeps the check digits honest', () => {
    // O for 0 and I for 1 in the dates, 0 for O in the name, 5 for S in the country.
    const misread = ['P<UT0ERIKSS0N<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO74O8I22F12O4159ZE184226B<<<<<10'];
    const reading = parseMrz(misread, today)!;
    expect(reading.corrections).toBeGreaterThan(0);
    expect(reading.fields).toMatchObject({ surnames: 'ERIKSSON', birthDate: '1974-08-12', expiryDate: '2012-04-15' });
    expect(reading.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });

  it('a changed digit fails its check digit, so the document is not valid', () => {
    const changed = [TD3_SPECIMEN[0]!, TD3_SPECIMEN[1]!.replace('7408122', '7408132')];
    const reading = parseMrz(changed, today)!;
    expect(reading.fields.checkDigits!.find((c) => c.field === 'birthDateCheckDigit')?.valid).toBe(false);
    expect(validCheck(reading.fields, '2026-11-29')).toMatchObject({
      outcome: 'failed',
      reason: 'check_digit:birthDateCheckDigit',
    });
  });

  it('undoes a doubled character that shifted the fields, only where one reading results', () => {
    const doubled = ['I<UTO0D231458907<<<<<<<<<<<<<<', TD1_SPECIMEN[1]!, TD1_SPECIMEN[2]!];
    const reading = parseMrz(doubled, today)!;
    expect(reading.fields.documentNumber).toBe('D23145890');
    expect(reading.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });

  it('repairs a letter read as a digit inside an alphanumeric field with the check digits (Z read as 7)', () => {
    const misread = [TD3_SPECIMEN[0]!, TD3_SPECIMEN[1]!.replace('ZE184226B', '7E184226B')];
    const reading = parseMrz(misread, today)!;
    expect(reading.lines[1]).toBe(TD3_SPECIMEN[1]);
    expect(reading.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });

  it('names: a digit beside its look-alike letter is one letter; after three fillers only fillers', () => {
    const misread = ['P<COLGARCIA<<MARIA<J0OSE<<<<<<<<<<<<<<<<L<L<', TD3_SPECIMEN[1]!];
    expect(parseMrz(misread, today)!.fields).toMatchObject({ surnames: 'GARCIA', givenNames: 'MARIA JOSE' });
  });

  it('finds the MRZ among other lines and fixes miscounted fillers', () => {
    expect(fitLength('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<', 44)).toHaveLength(44);
    const found = findMrzLines([
      'REPUBLIC OF UTOPIA',
      'PASSPORT',
      `${TD3_SPECIMEN[0]}<<`,
      TD3_SPECIMEN[1]!.replace('<<<<<10', '<<<<10'),
    ]);
    expect(found?.format).toBe('TD3');
    expect(parseMrz(found!.lines, today)!.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });
});

describe('MRZ by OCR', () => {
  beforeAll(async () => {
    await ocrWorker();
  }, 60_000);
  afterAll(closeOcr);

  it('reads a drawn TD3 and a drawn TD1 back, check digits valid', async () => {
    const passport = await read(await mrzPicture(TD3_SPECIMEN));
    expect(passport?.fields).toMatchObject({
      documentNumber: 'L898902C3',
      surnames: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
    });
    expect(passport?.fields.checkDigits!.every((c) => c.valid)).toBe(true);
    const card = await read(await mrzPicture(TD1_SPECIMEN, { width: 1000 }));
    expect(card?.format).toBe('TD1');
    expect(card?.fields.documentNumber).toBe('D23145890');
    expect(card?.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });

  it.each<[string, Spoil]>([
    ['blurred', { blur: 1.2 }],
    ['rotated 3°', { rotate: 3 }],
    ['JPEG quality 35', { jpegQuality: 35 }],
  ])('reads a %s TD3 with valid check digits', async (_, s) => {
    const lines = MARIA_PASSPORT_MRZ;
    const reading = await read(await spoil(await mrzPicture(lines), s));
    expect(reading?.fields).toMatchObject({ documentNumber: 'AB1234567', birthDate: '1990-02-15', surnames: 'GARCIA' });
    expect(reading?.fields.checkDigits!.every((c) => c.valid)).toBe(true);
  });

  it('a picture with no MRZ gives no reading', async () => {
    const blank = await mrzPicture(['']);
    expect(await read(blank)).toBeNull();
  });
});
