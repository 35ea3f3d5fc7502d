import { expect, test } from 'vitest';
import { withHash, type WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { scoreCandidate } from '../../src/domains/watchlists/match.ts';
import { scoreParts } from '../../src/domains/watchlists/score.ts';

const entry: WatchlistEntry = withHash({
  source: 'ofac-sdn',
  id: '1',
  kind: 'individual',
  name: 'PEREZ LOPEZ, Juan',
  aliases: [],
  birthDates: [],
  birthPlaces: [],
  nationalities: [],
  citizenships: [],
  documents: [
    { type: 'curp', label: 'C.U.R.P.', number: 'PELJ800101HDFRPN09', raw: 'PELJ800101HDFRPN09', country: 'MX' },
    { type: 'passport', label: 'Passport', number: 'G12345678', raw: 'G12345678' },
  ],
  programs: ['SDNTK'],
  titles: [],
  url: null,
});
const candidate = (document: string) => ({ entry, versionSeq: 1, matchedName: entry.name, trigram: 0, document });

// A document ties the entry to the person only with a compatible issuing country.
test.each([
  ['the person of the issuing country', { country: 'mx', documentType: 'national_id' }, 'PELJ800101HDFRPN09', 'id'],
  [
    'a national id of another country with the same number',
    { country: 'co', documentType: 'national_id' },
    'PELJ800101HDFRPN09',
    'name',
  ],
  ['a passport (issued anywhere)', { country: 'co', documentType: 'passport' }, 'PELJ800101HDFRPN09', 'id'],
  ['a person whose country is not set', { country: 'xx', documentType: 'national_id' }, 'PELJ800101HDFRPN09', 'id'],
  ['a listed document whose issuer is unknown', { country: 'co', documentType: 'national_id' }, 'G12345678', 'id'],
])('%s: matched by %s', (_name, person, number, by) => {
  const match = scoreCandidate({ name: 'Juan Perez Lopez', birthDate: null, ...person }, candidate(number));
  expect(match.matchedBy).toBe(by);
});

// A name that repeats a word ("ISMAEL, Ismael", OFAC 16230) keeps its count: one "Ismael" is not both.
test('a repeated word is matched once', () => {
  expect(scoreParts(['ismael', 'zambada', 'garcia'], ['ismael', 'ismael']).score).toBeLessThan(0.5);
  expect(scoreParts(['juan', 'perez', 'lopez'], ['perez', 'juan']).score).toBeLessThan(0.82);
});

test('a nationality that is also the citizenship is listed once', () => {
  const mexican = withHash({
    ...entry,
    nationalities: [{ raw: 'Mexico', code: 'MX' }],
    citizenships: [{ raw: 'Mexico', code: 'MX' }],
  });
  const match = scoreCandidate(
    { name: 'Juan Perez Lopez', birthDate: null },
    { ...candidate('PELJ800101HDFRPN09'), entry: mexican },
  );
  expect(match.nationalities).toEqual(['MX']);
});
