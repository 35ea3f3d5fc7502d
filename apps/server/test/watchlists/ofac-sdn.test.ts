import { beforeAll, describe, expect, it } from 'vitest';
import type { WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { parseOfacSdn } from '../../src/domains/watchlists/parsers/ofac-sdn.ts';
import { OFAC_MARCH, OFAC_MAY, collect, fileBytes, readBytes, tally } from './support.ts';

// Every expected figure is computed from the raw file, not by the parser, with the command next to
// it, run in apps/server/assets/watchlists with F set to the snapshot's file name.
//   rows:           grep -c '^[0-9]' $F
//   kinds:          python3 -c "import csv,collections,sys; print(collections.Counter(r[2].strip() for r in csv.reader(open(sys.argv[1],encoding='latin-1')) if len(r)==12))" $F
//   aliases:        grep -oP "(?<=; |\")[afn]\.k\.a\. '[^;\"]*'(?=;|\.?\")" $F | wc -l
//   dates of birth: grep -oE "(; |\")(alt\. )?DOB " $F | wc -l
//   C.U.R.P.:       grep -oE "C\.U\.R\.P\.( #)? [A-Z0-9]+" $F | wc -l
//   R.F.C.:         grep -oE "(; |\")(alt\. )?(R\.F\.C\.( #)?|RFC) [A-Z0-9]" $F | wc -l
//   cedula:         grep -oE "(; |\")(alt\. )?Cedula No\. [^;\"]*[0-9]" $F | wc -l
//   NIT:            grep -oE "(; |\")(alt\. )?NIT # [^;\"]*[0-9]" $F | wc -l
//   passport:       grep -oE "(; |\")(alt\. )?(Diplomatic |British National Overseas )?(Passport( Booklet:?)?|Travel Document Number) [^;\"]*[0-9]" $F | wc -l
// The alias pattern leaves out the three aliases OFAC's 1,000-character Remarks limit cut in half.
const EXPECTED = {
  [OFAC_MARCH]: {
    counts: {
      entries: 14466,
      individuals: 6732,
      entities: 6535,
      vessels: 817,
      aircraft: 382,
      aliases: 3529,
      birthDates: 7406,
    },
    documents: { curp: 429, rfc: 353, cedula: 437, nit: 230, passport: 2117 },
  },
  [OFAC_MAY]: {
    counts: {
      entries: 14965,
      individuals: 6854,
      entities: 6884,
      vessels: 851,
      aircraft: 376,
      aliases: 3663,
      birthDates: 7534,
    },
    documents: { curp: 444, rfc: 355, cedula: 437, nit: 230, passport: 2148 },
  },
};

const parsed: Record<string, WatchlistEntry[]> = {};
beforeAll(async () => {
  parsed[OFAC_MARCH] = await collect(parseOfacSdn(fileBytes(OFAC_MARCH)));
  parsed[OFAC_MAY] = await collect(parseOfacSdn(fileBytes(OFAC_MAY)));
});

describe('OFAC SDN parser', () => {
  it.each([OFAC_MARCH, OFAC_MAY])('counts what the raw file holds: %s', (file) => {
    const { counts, documents } = EXPECTED[file]!;
    const { documents: ofType, ...figures } = tally(parsed[file]!);
    expect(figures).toEqual(counts);
    expect(Object.fromEntries(Object.keys(documents).map((type) => [type, ofType(type)]))).toEqual(documents);
  });

  it('gives one entry per ent_num, with its record URL', () => {
    const entries = parsed[OFAC_MAY]!;
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expect(entries.find((entry) => entry.id === '48066')).toEqual({
      source: 'ofac-sdn',
      id: '48066',
      kind: 'individual',
      name: 'TIRADO ANDRADE, Jesus',
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
      programs: ['ILLICIT-DRUGS-EO14059'],
      titles: [],
      remarks:
        'DOB 01 Dec 1996; POB Sinaloa, Mexico; nationality Mexico; Gender Male; C.U.R.P. TIAJ961201HSLRNS08 (Mexico).',
      url: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=48066',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(entries.find((entry) => entry.id === '28263')).toMatchObject({
      programs: ['DPRK3', 'CYBER2'],
      remarksTruncated: true,
    });
  });

  // python3 -c "import csv; a,b=({r[0]:r for r in csv.reader(open(f,encoding='latin-1')) if len(r)==12} for f in ('ofac-sdn-2024-03-15.csv','ofac-sdn-2024-05-03.csv')); print(len(b.keys()-a.keys()), sorted(a.keys()-b.keys(),key=int), sum(a[k]!=b[k] for k in a.keys()&b.keys()))"
  // → 514 added; removed 25690 34537 38556 38557 38558 38559 38560 38563 38565 38566 39136 39137 39590 45328 45329; 11 rows changed
  it('sees the 2024-03-15 → 2024-05-03 difference: 514 added, 15 removed, 11 changed', () => {
    const before = new Map(parsed[OFAC_MARCH]!.map((entry) => [entry.id, entry.hash]));
    const after = new Map(parsed[OFAC_MAY]!.map((entry) => [entry.id, entry.hash]));
    const added = [...after.keys()].filter((id) => !before.has(id));
    const removed = [...before.keys()].filter((id) => !after.has(id));
    const changed = [...after].filter(([id, hash]) => before.has(id) && before.get(id) !== hash);
    expect(added).toHaveLength(514);
    expect(removed).toEqual([
      '25690',
      '34537',
      '38556',
      '38557',
      '38558',
      '38559',
      '38560',
      '38563',
      '38565',
      '38566',
      '39136',
      '39137',
      '39590',
      '45328',
      '45329',
    ]);
    expect(changed).toHaveLength(11);
  });

  it('hands out entries while the file is still being read, and reads the same whatever the chunk size', async () => {
    const bytes = await readBytes(OFAC_MAY);
    let handedOut = 0;
    async function* counted(size: number) {
      for (let at = 0; at < bytes.length; at += size) {
        handedOut = Math.min(at + size, bytes.length);
        yield bytes.subarray(at, at + size);
      }
    }
    for await (const _first of parseOfacSdn(counted(64 * 1024))) break;
    expect(handedOut).toBeLessThan(bytes.length / 10);
    const small = await collect(parseOfacSdn(counted(4099)));
    expect(small.map((entry) => entry.hash)).toEqual(parsed[OFAC_MAY]!.map((entry) => entry.hash));
  });
});
