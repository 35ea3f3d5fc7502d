import { identityReasonText } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import {
  ageCheck,
  type CheckName,
  type CheckResult,
  consistentCheck,
  faceCheck,
  nameLegibleCheck,
  nameScore,
  normalizeDocumentNumber,
  notReusedCheck,
  personChecks,
  validCheck,
} from '../../src/domains/identity-check/checks.ts';
import { identityConfig } from '../../src/domains/identity-check/config.ts';
import { decideIdentity } from '../../src/domains/identity-check/decide.ts';
import type { DocumentFields, NameCell } from '../../src/domains/identity-check/document.ts';
import type { Face } from '../../src/domains/identity-check/faces.ts';

const config = identityConfig();
const today = '2026-11-29';
const dni: DocumentFields = {
  source: 'pdf417',
  document: 'ar_dni',
  country: 'ARG',
  documentNumber: '23456789',
  surnames: 'PÉREZ GÓMEZ',
  givenNames: 'JUAN CARLOS',
  sex: 'M',
  birthDate: '1985-03-14',
  extra: {},
};
const faceAt = (x: number): Face => ({
  score: 0.99,
  box: { x: 0, y: 0, width: 200, height: 200 },
  yaw: 0,
  descriptor: [x, ...Array(127).fill(0)],
});

describe('checks', () => {
  it('document numbers compare after normalisation', () => {
    expect(normalizeDocumentNumber('23.456.789')).toBe(normalizeDocumentNumber('023456789'));
    expect(normalizeDocumentNumber('ab-123')).toBe('AB123');
  });

  it('names score with the watch-list normal form: accents, order, particles, one or two surnames', () => {
    expect(nameScore('Juan Carlos Pérez Gómez', 'PEREZ GOMEZ JUAN CARLOS')).toBe(1);
    expect(nameScore('Pérez Gómez, Juan Carlos', 'JUAN CARLOS PEREZ GOMEZ')).toBe(1);
    expect(nameScore('Juan Pérez', 'JUAN CARLOS PEREZ GOMEZ')).toBeGreaterThanOrEqual(config.nameReviewFrom);
    expect(nameScore('Juan Pérez', 'JUAN CARLOS PEREZ GOMEZ')).toBeLessThan(config.nameMatchFrom);
    expect(nameScore('María de la Cruz', 'MARIA CRUZ')).toBe(1);
    expect(nameScore('Ana Torres', 'JUAN CARLOS PEREZ GOMEZ')).toBeLessThan(config.nameReviewFrom);
  });

  it('matches the person: number exact, name scored, birth date, sex, country', () => {
    const person = {
      documentNumber: '23.456.789',
      fullName: 'Juan Carlos Pérez Gómez',
      birthDate: '1985-03-14',
      sex: 'M' as const,
      country: 'ar',
    };
    expect(personChecks(dni, person, config).map((c) => [c.check, c.outcome])).toEqual([
      ['document_number', 'passed'],
      ['name', 'passed'],
      ['birth_date', 'passed'],
      ['sex', 'passed'],
      ['country', 'passed'],
    ]);
    const other = personChecks(
      dni,
      { ...person, documentNumber: '23456788', fullName: 'Juan Pérez', country: 'co' },
      config,
    );
    expect(other.map((c) => [c.check, c.outcome])).toEqual([
      ['document_number', 'failed'],
      ['name', 'review'],
      ['birth_date', 'passed'],
      ['sex', 'passed'],
      ['country', 'review'],
    ]);
  });

  it('validity: real dates, not expired, the number format', () => {
    expect(validCheck(dni, today).outcome).toBe('passed');
    expect(validCheck({ ...dni, birthDate: null }, today)).toMatchObject({
      outcome: 'failed',
      reason: 'birth_date_not_a_date',
    });
    expect(validCheck({ ...dni, expiryDate: '2026-11-28' }, today)).toMatchObject({
      outcome: 'failed',
      reason: 'expired',
    });
    expect(validCheck({ ...dni, documentNumber: '12AB' }, today)).toMatchObject({
      outcome: 'failed',
      reason: 'document_number_format',
    });
  });

  it('consistency between two readings, age, reuse', () => {
    expect(consistentCheck([dni])).toBeNull();
    expect(consistentCheck([dni, { ...dni, source: 'mrz' }])?.outcome).toBe('passed');
    expect(consistentCheck([dni, { ...dni, documentNumber: '99999999' }])?.outcome).toBe('failed');
    expect(ageCheck('2008-11-30', today, 18)).toMatchObject({ outcome: 'failed', reason: 'under_age', score: 17 });
    expect(ageCheck('2008-11-29', today, 18).outcome).toBe('passed');
    expect(notReusedCheck({ numberUsedByOtherName: true, pictureUsedByOtherPerson: false }).outcome).toBe('failed');
  });

  it('face bands: match, review, no match; counts go to a person', () => {
    expect(faceCheck([faceAt(0)], [faceAt(0.3)], config)).toMatchObject({
      outcome: 'passed',
      reason: 'match',
      score: 0.3,
    });
    expect(faceCheck([faceAt(0)], [faceAt(0.6)], config)).toMatchObject({ outcome: 'review', reason: 'review' });
    expect(faceCheck([faceAt(0)], [faceAt(0.85)], config)).toMatchObject({ outcome: 'failed', reason: 'no_match' });
    expect(faceCheck([faceAt(0)], [faceAt(0), faceAt(0.1)], config).reason).toBe('several_faces_on_selfie');
    expect(faceCheck([faceAt(0)], [], config).outcome).toBe('review');
  });
});

describe('names read by OCR (no check digit): each symbol judged', () => {
  // "JUAN CARLQS" as the bench's tilted passport gave it: every check digit held, the Q at 85.
  const cells = (spelled: string, confidence: (symbol: string, i: number) => number | null): NameCell[] =>
    [...spelled].map((symbol, i) => ({ symbol, confidence: confidence(symbol, i) }));
  const mrz = (nameCells: NameCell[] | null): DocumentFields => ({
    ...dni,
    source: 'mrz',
    document: 'passport',
    givenNames: 'JUAN CARLQS',
    nameCells,
  });
  const sure = cells('PEREZ<<JUAN<CARLOS', () => 98);

  it('every letter read with confidence: passed, the lowest confidence as the score', () => {
    expect(nameLegibleCheck([mrz(sure)], config)).toEqual({
      check: 'name_legible',
      outcome: 'passed',
      reason: 'name_clear',
      score: 0.98,
    });
    // Codes carry no OCR doubt: no check.
    expect(nameLegibleCheck([dni], config)).toBeNull();
  });

  it('a letter below the confidence floor, a digit, a K/L/C near the ink threshold: review naming the word', () => {
    const carlqs = cells('PEREZ<<JUAN<CARLQS', (s) => (s === 'Q' ? 85 : 98));
    expect(nameLegibleCheck([mrz(carlqs)], config)).toMatchObject({
      outcome: 'review',
      reason: 'name_uncertain:CARLQS',
      score: 0.85,
    });
    const digit = cells('PEREZ<<JUAN<CARL0S', () => 97);
    expect(nameLegibleCheck([mrz(digit)], config)?.reason).toBe('name_uncertain:CARL0S');
    const stem: NameCell[] = sure.map((c, i) => (i === 14 ? { ...c, symbol: 'L', stem: 0.55 } : c));
    expect(nameLegibleCheck([mrz(stem)], config)?.outcome).toBe('review');
    expect(nameLegibleCheck([mrz(null)], config)).toMatchObject({ outcome: 'review', reason: 'name_unmeasured' });
  });

  it('the report goes to a person, never PASSED, with the reason in three languages', () => {
    const carlqs = nameLegibleCheck([mrz(cells('PEREZ<<JUAN<CARLQS', (s) => (s === 'Q' ? 85 : 98)))], config)!;
    const all = (['readable', 'valid', 'document_number', 'name', 'age', 'face'] as const).map(
      (check): CheckResult => ({ check, outcome: 'passed', reason: 'ok' }),
    );
    expect(decideIdentity([...all, carlqs])).toMatchObject({
      status: 'PENDING_MANUAL_REVIEW',
      reasons: [{ check: 'name_legible', reason: 'name_uncertain:CARLQS' }],
    });
    expect(identityReasonText(carlqs.reason, 'en')).toContain('“CARLQS”');
    expect(identityReasonText(carlqs.reason, 'es')).toContain('«CARLQS»');
    expect(identityReasonText(carlqs.reason, 'pt')).toContain('“CARLQS”');
  });
});

describe('decideIdentity', () => {
  const passed = (check: CheckName): CheckResult => ({ check, outcome: 'passed', reason: 'ok' });
  const all = (['readable', 'valid', 'document_number', 'name', 'age', 'face'] as const).map(passed);

  it('PASSED only when every required check ran and passed', () => {
    expect(decideIdentity(all).status).toBe('PASSED');
    expect(decideIdentity(all.filter((c) => c.check !== 'face'))).toMatchObject({
      status: 'PENDING_MANUAL_REVIEW',
      reasons: [{ check: 'face', reason: 'not_run' }],
    });
  });

  it('a failed check wins over one for review', () => {
    const checks = [
      ...all,
      { check: 'name', outcome: 'review', reason: 'partial' } as const,
      { check: 'valid', outcome: 'failed', reason: 'expired' } as const,
    ];
    expect(decideIdentity(checks)).toMatchObject({
      status: 'FAILED',
      reasons: [{ check: 'valid', reason: 'expired' }],
    });
    expect(decideIdentity([...all, { check: 'face', outcome: 'review', reason: 'review' }]).status).toBe(
      'PENDING_MANUAL_REVIEW',
    );
  });
});
