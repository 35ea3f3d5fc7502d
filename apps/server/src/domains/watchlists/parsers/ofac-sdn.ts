import type { ByteSource, EntryKind, WatchlistEntry } from '../entry.ts';
import { withHash } from '../entry.ts';
import { WatchlistFormatError } from '../errors.ts';
import { extractRemarks } from '../remarks.ts';
import { csvRecords } from './csv-records.ts';

const LIST = "OFAC's SDN list (sdn.csv)";
/** ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks. */
const COLUMNS = 12;
/** OFAC ends sdn.csv with a line holding only Ctrl-Z: without it the download was cut short. */
const END_MARK = '\x1a';
const KINDS: Record<string, EntryKind> = {
  individual: 'individual',
  vessel: 'vessel',
  aircraft: 'aircraft',
  '': 'entity',
};

export const ofacRecordUrl = (entNum: string) => `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${entNum}`;

/** OFAC writes "-0-" (often with a trailing space) for an empty field. */
const value = (cell: string | undefined) => {
  const text = (cell ?? '').trim();
  return text === '-0-' ? '' : text;
};

/** "SDGT] [IFSR" — the programs column lists several as "A] [B". */
const programs = (cell: string) =>
  value(cell)
    .split('] [')
    .map((program) => program.replace(/^\[|\]$/g, '').trim())
    .filter(Boolean);

function vesselOf(cells: string[]): WatchlistEntry['vessel'] {
  const [callSign, type, tonnage, grossTonnage, flag, owner] = cells.slice(5, 11).map(value);
  const vessel = Object.fromEntries(
    Object.entries({ callSign, type, tonnage, grossTonnage, flag, owner }).filter(([, v]) => v),
  );
  return Object.keys(vessel).length > 0 ? vessel : undefined;
}

function toEntry(cells: string[], line: number): WatchlistEntry {
  const id = value(cells[0]);
  if (!/^\d+$/.test(id)) throw new WatchlistFormatError('malformed', `ent_num "${cells[0]}" is not a number`, { line });
  const kind = KINDS[value(cells[2]).toLowerCase()];
  if (!kind) throw new WatchlistFormatError('malformed', `unknown SDN_Type "${cells[2]}" for ent_num ${id}`, { line });
  const remarks = value(cells[11]);
  const facts = extractRemarks(remarks, { individual: kind === 'individual' });
  const title = value(cells[4]);
  const vessel = vesselOf(cells);
  return withHash({
    source: 'ofac-sdn',
    id,
    kind,
    name: value(cells[1]),
    aliases: facts.aliases,
    birthDates: facts.birthDates,
    birthPlaces: facts.birthPlaces,
    nationalities: facts.nationalities,
    citizenships: facts.citizenships,
    ...(facts.gender ? { gender: facts.gender } : {}),
    documents: facts.documents,
    programs: programs(cells[3] ?? ''),
    titles: title ? [title] : [],
    ...(remarks ? { remarks } : {}),
    ...(facts.truncated ? { remarksTruncated: true } : {}),
    ...(vessel ? { vessel } : {}),
    url: ofacRecordUrl(id),
  });
}

/**
 * The entries of OFAC's sdn.csv (Latin-1, no header, 12 columns), streamed. Entries come as they are
 * read: a WatchlistFormatError may follow many of them, so a caller keeps nothing until the end.
 */
export async function* parseOfacSdn(source: ByteSource): AsyncGenerator<WatchlistEntry> {
  let ended = false;
  let count = 0;
  for await (const { line, cells } of csvRecords(source, LIST)) {
    if (cells.length === 1 && cells[0] === END_MARK) {
      ended = true;
      continue;
    }
    if (ended) throw new WatchlistFormatError('malformed', 'rows after the end-of-file mark (Ctrl-Z)', { line });
    if (cells.length !== COLUMNS) {
      const problem = count === 0 ? 'wrong_format' : 'malformed';
      throw new WatchlistFormatError(problem, `expected ${COLUMNS} columns (${LIST}), found ${cells.length}`, { line });
    }
    count++;
    yield toEntry(cells, line);
  }
  if (count === 0) throw new WatchlistFormatError('empty', `no entries in ${LIST}`);
  if (!ended)
    throw new WatchlistFormatError(
      'truncated',
      `${LIST} does not end with its end-of-file mark (Ctrl-Z): it was cut short`,
    );
}
