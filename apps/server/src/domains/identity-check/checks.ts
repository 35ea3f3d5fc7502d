/**
 * The checks, each a pure function of what was read and what the person claims, each with its own
 * outcome and reason code (the wiring turns codes into the reader's language). The rules:
 * a failed check digit, another person's number, an expired document, a face that does not match → failed;
 * a partial name, a face in the review band, an unreadable picture, an unsupported document → review.
 */
import countries from 'i18n-iso-countries';
import { nameTokens } from '../watchlists/names.ts';
import type { IdentityConfig } from './config.ts';
import type { DocumentFields, NameCell } from './document.ts';
import { type Face, faceDistance } from './faces.ts';
import { STEM_SHARE } from './mrz-grid.ts';

export type CheckName =
  | 'readable'
  | 'valid'
  | 'consistent'
  | 'document_number'
  | 'name'
  | 'name_legible'
  | 'birth_date'
  | 'sex'
  | 'country'
  | 'age'
  | 'not_reused'
  | 'face'
  | 'liveness';
export type CheckOutcome = 'passed' | 'failed' | 'review';
export type CheckResult = { check: CheckName; outcome: CheckOutcome; reason: string; score?: number };

/** What the client said about the person (the profile), in the project's own shapes. */
export type PersonClaim = {
  documentNumber: string;
  /** As typed, any order ("Pérez Gómez, Juan" or "Juan Pérez"). */
  fullName: string;
  /** YYYY-MM-DD when known. */
  birthDate?: string | null;
  sex?: 'M' | 'F' | 'X' | null;
  /** The profile's country, ISO alpha-2 lower case as the project stores it ("co"). */
  country?: string | null;
};

const result = (check: CheckName, outcome: CheckOutcome, reason: string, score?: number): CheckResult =>
  score === undefined ? { check, outcome, reason } : { check, outcome, reason, score };

/** Document numbers compared as letters and digits only, upper case, leading zeros dropped ("12.345.678" = "012345678"). */
export function normalizeDocumentNumber(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+(?=.)/, '');
}

export function readableCheck(readings: readonly DocumentFields[], pictureProblems: readonly string[]): CheckResult {
  if (readings.length > 0) return result('readable', 'passed', readings.map((r) => r.source).join('+'));
  return result('readable', 'review', pictureProblems[0] ?? 'no_code_or_mrz_found');
}

const NUMBER_FORMATS: Partial<Record<DocumentFields['document'], RegExp>> = {
  ar_dni: /^[0-9]{7,8}$/,
  co_cedula: /^[0-9]{5,10}$/,
  passport: /^[A-Z0-9]{1,9}$/,
};

export function validCheck(reading: DocumentFields, today: string): CheckResult {
  const badDigit = (reading.checkDigits ?? []).find((c) => !c.valid);
  if (badDigit) return result('valid', 'failed', `check_digit:${badDigit.field}`);
  if (!reading.birthDate) return result('valid', 'failed', 'birth_date_not_a_date');
  if (reading.birthDate > today) return result('valid', 'failed', 'birth_date_in_future');
  const format = NUMBER_FORMATS[reading.document];
  if (format && !format.test(normalizeDocumentNumber(reading.documentNumber))) {
    return result('valid', 'failed', 'document_number_format');
  }
  if (reading.source === 'mrz' && !reading.expiryDate) return result('valid', 'failed', 'expiry_not_a_date');
  if (reading.expiryDate && reading.expiryDate < today) return result('valid', 'failed', 'expired');
  return result('valid', 'passed', reading.expiryDate ? 'check_digits_and_dates' : 'dates');
}

/** Two readings of one document (MRZ and barcode, front and back) must say the same. */
export function consistentCheck(readings: readonly DocumentFields[]): CheckResult | null {
  if (readings.length < 2) return null;
  const [a, ...rest] = readings as [DocumentFields, ...DocumentFields[]];
  for (const b of rest) {
    if (normalizeDocumentNumber(a.documentNumber) !== normalizeDocumentNumber(b.documentNumber)) {
      return result('consistent', 'failed', 'document_number_differs');
    }
    if (a.birthDate && b.birthDate && a.birthDate !== b.birthDate)
      return result('consistent', 'failed', 'birth_date_differs');
    const score = nameScore(`${a.givenNames} ${a.surnames}`, `${b.givenNames} ${b.surnames}`);
    if (score < 0.95) return result('consistent', 'review', 'names_differ', score);
  }
  return result('consistent', 'passed', `${readings.length}_readings_agree`);
}

/**
 * Name similarity 0–1 on the watch-list normal form (accents, case, particles, order folded): 1 when the
 * same words; when one name's words are all in the other (one surname against two, a middle name left
 * out), 0.85 + 0.15 × the share of words in common; otherwise the share of the longer name's words found.
 */
export function nameScore(a: string, b: string): number {
  const [x, y] = [[...new Set(nameTokens(a))], [...new Set(nameTokens(b))]];
  if (x.length === 0 || y.length === 0) return 0;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const inLong = new Set(long);
  const common = short.filter((t) => inLong.has(t)).length;
  if (common === long.length) return 1;
  if (common === short.length && short.length >= 2)
    return Math.round((0.85 + 0.15 * (common / long.length)) * 100) / 100;
  return Math.round((common / long.length) * 100) / 100;
}

export function personChecks(reading: DocumentFields, person: PersonClaim, config: IdentityConfig): CheckResult[] {
  const checks: CheckResult[] = [];
  const sameNumber = normalizeDocumentNumber(reading.documentNumber) === normalizeDocumentNumber(person.documentNumber);
  checks.push(result('document_number', sameNumber ? 'passed' : 'failed', sameNumber ? 'equal' : 'different'));
  const score = nameScore(`${reading.givenNames} ${reading.surnames}`, person.fullName);
  const nameOutcome = score >= config.nameMatchFrom ? 'passed' : score >= config.nameReviewFrom ? 'review' : 'failed';
  checks.push(
    result(
      'name',
      nameOutcome,
      nameOutcome === 'passed' ? 'match' : nameOutcome === 'review' ? 'partial' : 'different',
      score,
    ),
  );
  if (person.birthDate) {
    const same = reading.birthDate === person.birthDate;
    checks.push(
      result('birth_date', same ? 'passed' : 'failed', same ? 'equal' : reading.birthDate ? 'different' : 'unreadable'),
    );
  }
  if (person.sex && reading.sex) {
    // A marker may have been updated since the document was issued: a person looks, nothing fails.
    const same = person.sex === reading.sex;
    checks.push(result('sex', same ? 'passed' : 'review', same ? 'equal' : 'different'));
  }
  if (person.country && person.country !== 'xx' && reading.country) {
    const alpha2 = countries.alpha3ToAlpha2(reading.country)?.toLowerCase();
    const same = alpha2 === person.country.toLowerCase();
    // A foreigner's passport is a real document of someone else's country: a person decides.
    checks.push(
      result('country', same ? 'passed' : 'review', same ? 'equal' : alpha2 ? 'different' : 'unknown_country'),
    );
  }
  return checks;
}

/** Why a cell of the names is in doubt, or null when it is not. */
export function nameCellDoubt(
  cell: NameCell,
  config: Pick<IdentityConfig, 'nameMinConfidence' | 'nameStemMargin'>,
): 'not_a_letter' | 'low_confidence' | 'filler_or_letter' | null {
  if (/[0-9]/.test(cell.symbol)) return 'not_a_letter';
  if (cell.stem !== undefined && Math.abs(cell.stem - STEM_SHARE) < config.nameStemMargin) return 'filler_or_letter';
  if (cell.symbol !== '<' && cell.confidence !== null && cell.confidence < config.nameMinConfidence) {
    return 'low_confidence';
  }
  return null;
}

/**
 * The MRZ's names carry no check digit: a letter misread there ("CARLQS" for CARLOS) leaves every check
 * digit holding. So each OCR reading's names are judged symbol by symbol (document.ts, NameCell): a digit
 * where only letters stand, a letter read below `nameMinConfidence`, or a K/L/C weighed against a "<" on
 * less than `nameStemMargin` of ink → a person compares the name with the picture (the reason names the
 * words in doubt). An OCR reading whose symbols could not be placed goes to a person too. Codes
 * (PDF417, QR) carry no OCR doubt: no check for them.
 */
export function nameLegibleCheck(readings: readonly DocumentFields[], config: IdentityConfig): CheckResult | null {
  const read = readings.filter((r) => r.nameCells !== undefined);
  if (read.length === 0) return null;
  let lowest = 100;
  const doubted: string[] = [];
  for (const reading of read) {
    const cells = reading.nameCells;
    if (!cells) return result('name_legible', 'review', 'name_unmeasured');
    const spelled = cells.map((c) => c.symbol).join('');
    cells.forEach((cell, i) => {
      if (cell.symbol !== '<' && cell.confidence !== null) lowest = Math.min(lowest, cell.confidence);
      if (!nameCellDoubt(cell, config)) return;
      // The word the cell is in, as read ("<" a word's edge).
      const from = spelled.lastIndexOf('<', i - 1) + 1;
      const to = spelled.indexOf('<', i + 1);
      const word = spelled.slice(from, to < 0 ? undefined : to).replace(/</g, '') || '<';
      if (!doubted.includes(word)) doubted.push(word);
    });
  }
  const score = Math.round(lowest) / 100;
  if (doubted.length > 0) return result('name_legible', 'review', `name_uncertain:${doubted.join(' ')}`, score);
  return result('name_legible', 'passed', 'name_clear', score);
}

/** Age in whole years on `today` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function ageCheck(birthDate: string | null, today: string, minimumAge: number): CheckResult {
  if (!birthDate) return result('age', 'review', 'birth_date_unknown');
  const age = ageOn(birthDate, today);
  return result('age', age >= minimumAge ? 'passed' : 'failed', age >= minimumAge ? 'adult' : 'under_age', age);
}

/** The wiring looks the owner's other persons up; this only states the rule. */
export function notReusedCheck(found: {
  numberUsedByOtherName: boolean;
  pictureUsedByOtherPerson: boolean;
}): CheckResult {
  if (found.numberUsedByOtherName) return result('not_reused', 'failed', 'document_number_used_by_other_person');
  if (found.pictureUsedByOtherPerson) return result('not_reused', 'failed', 'picture_used_by_other_person');
  return result('not_reused', 'passed', 'first_use');
}

export type FaceBand = 'match' | 'review' | 'no_match';
export function faceBand(
  distance: number,
  config: Pick<IdentityConfig, 'faceMatchBelow' | 'faceNoMatchFrom'>,
): FaceBand {
  if (distance < config.faceMatchBelow) return 'match';
  return distance >= config.faceNoMatchFrom ? 'no_match' : 'review';
}

/** The document's portrait against the selfie; the score is the distance (lower is closer). */
export function faceCheck(
  documentFaces: readonly Face[],
  selfieFaces: readonly Face[],
  config: IdentityConfig,
): CheckResult {
  if (documentFaces.length === 0) return result('face', 'review', 'no_face_on_document');
  if (selfieFaces.length === 0) return result('face', 'review', 'no_face_on_selfie');
  if (selfieFaces.length > 1) return result('face', 'review', 'several_faces_on_selfie');
  // A document may show a second, small ghost portrait: the largest face is the portrait.
  const distance = Math.round(faceDistance(documentFaces[0]!.descriptor, selfieFaces[0]!.descriptor) * 1000) / 1000;
  const band = faceBand(distance, config);
  return result('face', band === 'match' ? 'passed' : band === 'review' ? 'review' : 'failed', band, distance);
}

export type HeadTurn = 'left' | 'right';

/**
 * The active challenge: a second selfie with the head turned the asked way, by at least `livenessMinYaw`
 * more than the first selfie, and the same person (face distance in the match band).
 * `left`/`right` are the person's own; an unmirrored picture shows a turn to the person's left as the
 * nose moving to the picture's right (positive yaw). `mirrored` pictures (some front cameras) flip it.
 */
export function livenessCheck(
  straight: readonly Face[],
  turned: readonly Face[],
  asked: HeadTurn,
  config: IdentityConfig,
  mirrored = false,
): CheckResult {
  if (straight.length !== 1 || turned.length !== 1) return result('liveness', 'review', 'face_count');
  const sign = (asked === 'left' ? 1 : -1) * (mirrored ? -1 : 1);
  const turn = (turned[0]!.yaw - straight[0]!.yaw) * sign;
  const distance = faceDistance(straight[0]!.descriptor, turned[0]!.descriptor);
  if (faceBand(distance, config) === 'no_match') return result('liveness', 'failed', 'different_person', turn);
  if (turn >= config.livenessMinYaw) return result('liveness', 'passed', 'turned_as_asked', turn);
  return result(
    'liveness',
    'review',
    turn <= -config.livenessMinYaw ? 'turned_the_other_way' : 'not_turned_enough',
    turn,
  );
}
