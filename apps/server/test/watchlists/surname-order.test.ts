import { expect, test } from 'vitest';
import { withHash, type WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { scoreCandidate } from '../../src/domains/watchlists/match.ts';
import { DEFAULT_REVIEW_THRESHOLD } from '../../src/domains/watchlists/screen.ts';

const listed = (name: string): WatchlistEntry =>
  withHash({
    source: 'ofac-sdn',
    id: '1',
    kind: 'individual',
    name,
    aliases: [],
    birthDates: [],
    birthPlaces: [],
    nationalities: [],
    citizenships: [],
    documents: [],
    programs: ['SDNTK'],
    titles: [],
    url: null,
  });

const scored = (typed: string, name: string, orderless = false) =>
  scoreCandidate(
    { name: typed, birthDate: null, ...(orderless && { orderless }) },
    { entry: listed(name), versionSeq: 1, matchedName: name, trigram: 0, document: null },
  ).score;

// Hernández Salazar and Salazar Hernández are two families: a given name and the two surnames the other
// way round, inside a longer listed name, is not evidence of the listed person.
test('a given name and two surnames in the other order, inside a longer listed name, stay below the threshold', () => {
  expect(scored('María Hernández Salazar', 'SALAZAR HERNANDEZ, Maria Alejandrina')).toBeLessThan(
    DEFAULT_REVIEW_THRESHOLD,
  );
  // In the listed order, given name first or last, the second given name left out: still found.
  expect(scored('María Salazar Hernández', 'SALAZAR HERNANDEZ, Maria Alejandrina')).toBeGreaterThanOrEqual(0.9);
  expect(scored('Salazar Hernández María', 'SALAZAR HERNANDEZ, Maria Alejandrina')).toBeGreaterThanOrEqual(0.9);
  expect(scored('Joaquín Guzmán Loera', 'GUZMAN LOERA, Joaquin Archivaldo')).toBeGreaterThanOrEqual(0.9);
  // Every word of both: the whole name, whatever the order.
  expect(scored('Maria Alejandrina Hernandez Salazar', 'SALAZAR HERNANDEZ, Maria Alejandrina')).toBe(1);
  // Monitoring keeps the words of a name, not their order (the enrolment's sorted key): no order to judge.
  expect(scored('hernandez maria salazar', 'SALAZAR HERNANDEZ, Maria Alejandrina', true)).toBeGreaterThanOrEqual(0.9);
});
