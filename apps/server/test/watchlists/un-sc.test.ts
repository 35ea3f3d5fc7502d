import { beforeAll, describe, expect, it } from 'vitest';
import type { ListInfo, WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { UN_LIST_URL, parseUnSc } from '../../src/domains/watchlists/parsers/un-sc.ts';
import { UN_SC, chunked, collect, fileBytes, readBytes, tally } from './support.ts';

// Figures computed from the raw file (run in apps/server/assets/watchlists, F=un-sc-consolidated-2018-10-29.xml,
// and P='import xml.etree.ElementTree as E,collections; r=E.parse("un-sc-consolidated-2018-10-29.xml").getroot()'):
//   individuals:    grep -o '<INDIVIDUAL>' $F | wc -l                                   → 703
//   entities:       grep -o '<ENTITY>' $F | wc -l                                       → 390
//   aliases:        python3 -c "$P; print(sum(1 for a in r.iter('ALIAS_NAME') if (a.text or '').strip()))"   → 2663
//   alias quality:  python3 -c "$P; print(collections.Counter(a.findtext('QUALITY') for a in r.iter('INDIVIDUAL_ALIAS') if (a.findtext('ALIAS_NAME') or '').strip()))"
//                   → Good 1491, Low 595
//   dates of birth: python3 -c "$P; print(sum(1 for d in r.iter('INDIVIDUAL_DATE_OF_BIRTH') if any(d.find(t) is not None for t in ('DATE','YEAR','FROM_YEAR'))))"
//                   → 831 (the rest hold only a note such as "30-35 years old", or nothing)
//   documents:      python3 -c "$P; print(collections.Counter(d.findtext('TYPE_OF_DOCUMENT').strip() for d in r.iter('INDIVIDUAL_DOCUMENT') if (d.findtext('NUMBER') or '').strip()))"
//                   → Passport 283 + Numéro de passeport 3 + Número de pasaporte 3 = 289 passports;
//                     National Identification Number 118 + National identification no. 1 = 119 national ids
//   nationalities:  python3 -c "$P; print(sum(1 for n in r.iter('NATIONALITY') for v in n.iter('VALUE') if (v.text or '').strip()))"   → 644
const EXPECTED = {
  entries: 1093,
  individuals: 703,
  entities: 390,
  vessels: 0,
  aircraft: 0,
  aliases: 2663,
  birthDates: 831,
};

let entries: WatchlistEntry[] = [];
let info: ListInfo | undefined;
beforeAll(async () => {
  entries = await collect(parseUnSc(fileBytes(UN_SC), { onListInfo: (listInfo) => (info = listInfo) }));
});

describe('UN Security Council Consolidated List parser', () => {
  it('counts what the raw file holds', () => {
    const { documents, ...figures } = tally(entries);
    expect(figures).toEqual(EXPECTED);
    expect({
      passport: documents('passport'),
      national_id: documents('national_id'),
      other: documents('other'),
    }).toEqual({ passport: 289, national_id: 119, other: 0 });
    const quality = (kind: string) =>
      entries.flatMap((entry) => entry.aliases).filter((alias) => alias.kind === kind).length;
    expect({ good: quality('good'), low: quality('low') }).toEqual({ good: 1491, low: 595 });
    expect(entries.reduce((sum, entry) => sum + entry.nationalities.length, 0)).toBe(644);
  });

  it("reads an individual's names, dates, places, documents and reference, and the list's date", () => {
    expect(info).toEqual({ publishedAt: '2018-10-29T19:09:49.856-04:00' });
    expect(entries.find((entry) => entry.id === '6908555')).toMatchObject({
      source: 'un-sc',
      reference: 'KPi.033',
      kind: 'individual',
      name: 'RI WON HO',
      birthDates: [{ precision: 'day', from: '1964-07-17', to: '1964-07-17', circa: false }],
      nationalities: [{ raw: "Democratic People's Republic of Korea", code: 'KP' }],
      documents: [{ type: 'passport', number: '381310014' }],
      programs: ['DPRK'],
      listedOn: '2016-11-30',
      url: UN_LIST_URL,
    });
    const betweenYears = entries.flatMap((entry) => entry.birthDates).find((date) => date.raw === '1955 to 1958');
    expect(betweenYears).toEqual({
      precision: 'range',
      from: '1955-01-01',
      to: '1958-12-31',
      circa: true,
      raw: '1955 to 1958',
    });
  });

  it('finds the number inside a document text written as a sentence', () => {
    const numbers = entries
      .flatMap((entry) => entry.documents)
      .map((document) => `${document.raw} → ${document.number}`);
    expect(numbers).toContain('96/184442 → 96184442'); // "Libyan Passport No. 96/184442"
    expect(numbers).toContain('A 0139243 → A0139243'); // German travel document ("Reiseausweis") A 0139243
    expect(numbers).toContain('96 03 464086 → 9603464086');
  });

  it('reads the same in chunks that split UTF-8 characters and tags', async () => {
    const small = await collect(parseUnSc(chunked(await readBytes(UN_SC), 333)));
    expect(small.map((entry) => entry.hash)).toEqual(entries.map((entry) => entry.hash));
  });
});
