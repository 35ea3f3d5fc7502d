import { expect, test } from 'vitest';
import { withHash, type WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { keepMatches, scoreCandidate, WEAK_ALIAS } from '../../src/domains/watchlists/match.ts';
import { nameTokens } from '../../src/domains/watchlists/names.ts';
import { editDistance, partSimilarity, phoneticKey, scoreParts } from '../../src/domains/watchlists/score.ts';
import { DEFAULT_REVIEW_THRESHOLD } from '../../src/domains/watchlists/screen.ts';

const score = (typed: string, listed: string) => scoreParts(nameTokens(typed), nameTokens(listed)).score;

// One typo of each kind in a name of two or more words stays clearly above the threshold.
test.each([
  ['substitution', 'Joaquin Guzmen Loera', 'GUZMAN LOERA, Joaquin'],
  ['deletion', 'Joaquin Guzan Loera', 'GUZMAN LOERA, Joaquin'],
  ['insertion', 'Joaquin Guzmann Loera', 'GUZMAN LOERA, Joaquin'],
  ['transposition', 'Joaquin Guzamn Loera', 'GUZMAN LOERA, Joaquin'],
  ['a two-word name', 'Chlo Kim', 'KIM, Chol'],
  ['an Arabic transliteration', 'Abdulah Azzam', 'AZZAM, Abdullah'],
])('one typo (%s) scores above the threshold', (_kind, typed, listed) => {
  expect(score(typed, listed)).toBeGreaterThanOrEqual(0.9);
});

test('a transposition is one edit', () => {
  expect(editDistance('guzman', 'guzamn')).toBe(1);
  expect(editDistance('guzman', 'guznam')).toBe(2);
});

// Spanish and Portuguese spellings of one sound: h muda, b/v, s/z/c, ll/y, ç (folded to c), qu/k.
test.each([
  ['hernandez', 'ernandes'],
  ['villalobos', 'biyalobos'],
  ['gonzalez', 'gonsales'],
  ['cecilia', 'sesilia'],
  ['quintero', 'kintero'],
  ['ybarra', 'iibarra'],
])('%s sounds as %s', (a, b) => {
  expect(phoneticKey(a)).toBe(phoneticKey(b));
  expect(partSimilarity(a, b)).toBeGreaterThan(0.9);
});

// "Gonçalves" folds to "goncalves" before any key (names.ts): "Gonsalves" is one letter from it.
test('ç written as s is one typo', () => {
  expect(partSimilarity('goncalves', 'gonsalves')).toBe(0.9);
});

test('two genders of a name are two names, not a typo', () => {
  expect(partSimilarity('daniel', 'daniela')).toBe(0);
  expect(partSimilarity('mario', 'maria')).toBe(0);
});

// Two common words of a three- or four-word listed name are not that person.
test.each([
  ['María García', 'GARCIA LOPEZ, Maria Guadalupe'],
  ['Juan Carlos', 'MARTINEZ DIAZ JUAN CARLOS'],
  ['Antonio Castro', 'HUERTA CASTRO ANTONIO'],
  ['Juan Pérez', 'PEREZ LOPEZ, Juan Carlos'],
])('two words "%s" do not flag %s', (typed, listed) => {
  expect(score(typed, listed)).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
});

test('a listed two-word name inside a longer typed one is weak evidence', () => {
  expect(score('Juan Perez Lopez', 'PEREZ, Juan')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  expect(score('Joaquin Guzman', 'GUZMAN LOERA, Joaquin')).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
  expect(score('Joaquin Guzman Loera', 'GUZMAN LOERA, Joaquin Archivaldo')).toBeGreaterThan(0.9);
});

test('repeated surnames keep their count and the score says how much of each side matched', () => {
  const parts = scoreParts(nameTokens('Santiago López Ramírez'), nameTokens('LOPEZ LOPEZ, Santiago'));
  expect(parts).toMatchObject({ matched: 2, person: 3, listed: 3 });
  expect(parts.score).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  expect(score('Santiago López López', 'LOPEZ LOPEZ, Santiago')).toBe(1);
});

const entry: WatchlistEntry = withHash({
  source: 'ofac-sdn',
  id: '1',
  kind: 'individual',
  name: 'AL-SAYED, Mohammad Khalil',
  aliases: [{ name: 'IBRAHIM, Mohammad', kind: 'aka' }],
  birthDates: [],
  birthPlaces: [],
  nationalities: [],
  citizenships: [],
  documents: [],
  programs: ['SDGT'],
  titles: [],
  url: null,
});
const against = (name: string, matchedName: string) =>
  scoreCandidate({ name, birthDate: null }, { entry, versionSeq: 1, matchedName, trigram: 0, document: null });

// OFAC's Remarks a.k.a. are its weak aliases: below the entry's own names, marked weak in the finding.
test('a weak alias scores below a strong name and is marked weak', () => {
  const exact = against('Mohammad Ibrahim', 'IBRAHIM, Mohammad');
  expect(exact).toMatchObject({ weak: true, score: WEAK_ALIAS });
  expect(keepMatches([exact], DEFAULT_REVIEW_THRESHOLD)).toHaveLength(1);
  expect(against('Mohammad Khalil Al-Sayed', entry.name)).toMatchObject({ score: 1 });
  expect(against('Mohammad Khalil Al-Sayed', entry.name).weak).toBeUndefined();
  const typo = against('Mohammad Ibrahin', 'IBRAHIM, Mohammad');
  expect(typo.score).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  const inside = against('Mohammad Ibrahim Haddad', 'IBRAHIM, Mohammad');
  expect(inside.score).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
});

test('UN low-quality aliases are weak, good ones are not', () => {
  const un = withHash({
    ...entry,
    source: 'un-sc',
    aliases: [
      { name: 'Abu Mohammad', kind: 'low' },
      { name: 'Mohammad Al Sayed', kind: 'good' },
    ],
  });
  const m = (matchedName: string, name: string) =>
    scoreCandidate({ name, birthDate: null }, { entry: un, versionSeq: 1, matchedName, trigram: 0, document: null });
  expect(m('Abu Mohammad', 'Abu Mohammad').weak).toBe(true);
  expect(m('Mohammad Al Sayed', 'Mohammad Al Sayed').weak).toBeUndefined();
});
