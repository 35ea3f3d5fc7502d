import { beforeAll, describe, expect, it } from 'vitest';
import type { ListInfo, WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { parseSat69b } from '../../src/domains/watchlists/parsers/sat-69b.ts';
import { SAT_69B, chunked, collect, fileBytes, readBytes, tally } from './support.ts';

// Figures computed from the raw file (run in apps/server/assets/watchlists, F=sat-69b-2022-11-30.csv;
// rows start with their number, continuation lines of a quoted field do not):
//   taxpayers:   tail -n +4 $F | grep -aE '^[0-9]+,' | cut -d, -f2 | grep -av '^X*$' | sort -u | wc -l                        → 12508
//   individuals: tail -n +4 $F | grep -aE '^[0-9]+,' | cut -d, -f2 | grep -av '^X*$' | sort -u | awk 'length($0)==13' | wc -l  → 2615
//   companies:   the same with length($0)==12                                                                                   → 9893
//   rows SAT blanked by court order: tail -n +4 $F | grep -aE '^[0-9]+,' | cut -d, -f2 | grep -ac '^X*$'                       → 86
//   situations of the other rows:
//     python3 -c "import csv,collections; rows=list(csv.reader(open('sat-69b-2022-11-30.csv',encoding='cp1252',newline='')))[3:]; print(collections.Counter(r[3] for r in rows if set(r[1])!={'X'}))"
//     → Definitivo 10882, Sentencia Favorable 1241, Desvirtuado 330, Presunto 127
//   other names of the same RFC (kept as aliases):
//     python3 -c "import csv,collections; d=collections.defaultdict(set); [d[r[1]].add(r[2].split('//')[0].strip()) for r in list(csv.reader(open('sat-69b-2022-11-30.csv',encoding='cp1252',newline='')))[3:] if set(r[1])!={'X'}]; print(sum(len(v)-1 for v in d.values()))"
//     → 16
let entries: WatchlistEntry[] = [];
let info: ListInfo | undefined;
beforeAll(async () => {
  entries = await collect(parseSat69b(fileBytes(SAT_69B), { onListInfo: (listInfo) => (info = listInfo) }));
});

describe('SAT 69-B parser', () => {
  it('counts what the raw file holds, one entry per RFC', () => {
    const { documents, ...figures } = tally(entries);
    expect(figures).toEqual({
      entries: 12508,
      individuals: 2615,
      entities: 9893,
      vessels: 0,
      aircraft: 0,
      aliases: 16,
      birthDates: 0,
    });
    expect(documents('rfc')).toBe(12508);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(12508);
    const situations = entries
      .flatMap((entry) => entry.situations ?? [])
      .reduce<Record<string, number>>((sum, { situation }) => ({ ...sum, [situation]: (sum[situation] ?? 0) + 1 }), {});
    expect(situations).toEqual({ definitivo: 10882, sentencia_favorable: 1241, desvirtuado: 330, presunto: 127 });
  });

  it("keeps a taxpayer's procedures in order, SAT's notes apart from the name, accents as written", () => {
    expect(info).toEqual({ publishedAt: '2022-11-30' });
    expect(entries.find((entry) => entry.id === 'AAS110331G59')).toMatchObject({
      kind: 'entity',
      name: 'ABIRA & SAFFI CORPORATIVO, S. DE R.L. DE C.V.',
      situations: [
        { situation: 'definitivo', publishedOn: '2020-06-19' },
        { situation: 'sentencia_favorable', publishedOn: '2019-12-20' },
      ],
      listedOn: '2017-06-01',
      remarks: expect.stringMatching(/^En cumplimiento a la sentencia del 7 de octubre de 2019/),
      documents: [{ type: 'rfc', number: 'AAS110331G59', country: 'MX' }],
      url: null,
    });
    expect(entries.find((entry) => entry.id === 'ZUMA760304AH6')).toMatchObject({
      kind: 'individual',
      name: 'ZUÑIGA MARTINEZ JOSÉ ASCENCION',
    });
  });

  it('reads the same in chunks that split quoted fields', async () => {
    const small = await collect(parseSat69b(chunked(await readBytes(SAT_69B), 1021)));
    expect(small.map((entry) => entry.hash)).toEqual(entries.map((entry) => entry.hash));
  });
});
