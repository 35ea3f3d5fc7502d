import { daySpan } from '../dates.ts';
import { toDocument } from '../documents.ts';
import type { ByteSource, ParseOptions, SatListing, SatSituation, WatchlistEntry } from '../entry.ts';
import { withHash } from '../entry.ts';
import { WatchlistFormatError } from '../errors.ts';
import { foldText } from '../names.ts';
import { csvRecords } from './csv-records.ts';

const LIST = "SAT's Article 69-B list (Listado_Completo_69-B.csv)";
/** The header must appear within this many records (SAT puts two title lines above it). */
const HEADER_WITHIN = 10;
/** Rows whose taxpayer a court ordered removed: SAT keeps the row with its RFC and name blanked out. */
const SUPPRESSED_RFC = /^X+$/;

const SITUATIONS: Record<string, SatSituation> = {
  presunto: 'presunto',
  desvirtuado: 'desvirtuado',
  definitivo: 'definitivo',
  'sentencia favorable': 'sentencia_favorable',
};
/** The columns read, by their folded header text; the day SAT published each situation on its site. */
const COLUMNS = {
  rfc: 'rfc',
  name: 'nombre del contribuyente',
  situation: 'situacion del contribuyente',
  presunto: 'publicacion pagina sat presuntos',
  desvirtuado: 'publicacion pagina sat desvirtuados',
  definitivo: 'publicacion pagina sat definitivos',
  sentencia_favorable: 'publicacion pagina sat sentencia favorable',
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** "Información actualizada al 30 de noviembre de 2022" → 2022-11-30. */
function titleDate(text: string): string | undefined {
  const m = /(\d{1,2}) de ([a-z]+) de (\d{4})/.exec(foldText(text));
  const month = m ? SPANISH_MONTHS.indexOf(m[2]!) + 1 : 0;
  return m && month ? daySpan(Number(m[3]), month, Number(m[1]))?.iso : undefined;
}

/** The first DD/MM/YYYY of a cell ("25/05/2022 - 26/04/2021" has two). */
function cellDate(cell: string | undefined): string | undefined {
  const m = /(\d{2})\/(\d{2})\/(\d{4})/.exec(cell ?? '');
  return m ? daySpan(Number(m[3]), Number(m[2]), Number(m[1]))?.iso : undefined;
}

function headerColumns(cells: string[]): Columns | null {
  const folded = cells.map(foldText);
  const columns = Object.fromEntries(Object.entries(COLUMNS).map(([key, header]) => [key, folded.indexOf(header)]));
  return Object.values(columns).every((index) => index >= 0) ? (columns as Columns) : null;
}

/** One taxpayer's rows; `presumedOn` is the earliest day SAT published it as presumed (when it entered the list). */
type Taxpayer = { rfc: string; names: string[]; notes: string[]; situations: SatListing[]; presumedOn?: string };

function toEntry({ rfc, names, notes, situations, presumedOn }: Taxpayer): WatchlistEntry {
  // A 13-character RFC is a person's (persona física), 12 a company's (persona moral).
  const individual = rfc.length === 13;
  const document = toDocument({ type: 'rfc', label: 'RFC', text: rfc, individual });
  return withHash({
    source: 'sat-69b',
    id: rfc,
    kind: individual ? 'individual' : 'entity',
    name: names[0] ?? rfc,
    aliases: names.slice(1).map((name) => ({ name, kind: 'aka' as const })),
    birthDates: [],
    birthPlaces: [],
    nationalities: [],
    citizenships: [],
    documents: document ? [document] : [],
    programs: ['69-B'],
    situations,
    titles: [],
    ...(presumedOn ? { listedOn: presumedOn } : {}),
    ...(notes.length > 0 ? { remarks: notes.join(' // ') } : {}),
    url: null,
  });
}

/**
 * The taxpayers of SAT's Article 69-B list (Latin-1 CSV, title lines above its header), one entry per
 * RFC: SAT gives a taxpayer one row per procedure (presumed, then definitive, then a favourable
 * ruling…), kept in `situations`. Rows are read streaming; entries come once the file is read whole,
 * since a taxpayer's rows need not be next to each other.
 */
export async function* parseSat69b(
  source: ByteSource,
  { onListInfo }: ParseOptions = {},
): AsyncGenerator<WatchlistEntry> {
  let columns: Columns | null = null;
  let width = 0;
  let publishedAt: string | undefined;
  const taxpayers = new Map<string, Taxpayer>();
  for await (const { line, cells } of csvRecords(source, LIST)) {
    if (!columns) {
      publishedAt ??= titleDate(cells[0] ?? '');
      columns = headerColumns(cells);
      if (columns) {
        width = cells.length;
        onListInfo?.(publishedAt ? { publishedAt } : {});
      } else if (line >= HEADER_WITHIN) {
        throw new WatchlistFormatError(
          'wrong_format',
          `no header row (RFC, Nombre del Contribuyente, Situación del contribuyente…) in the first ${HEADER_WITHIN} lines of ${LIST}`,
          { line },
        );
      }
      continue;
    }
    if (cells.length !== width)
      throw new WatchlistFormatError('malformed', `expected ${width} columns like the header, found ${cells.length}`, {
        line,
      });
    const rfc = (cells[columns.rfc] ?? '').trim().toUpperCase();
    if (SUPPRESSED_RFC.test(rfc)) continue;
    if (!rfc) throw new WatchlistFormatError('malformed', 'a row without an RFC', { line });
    const situation = SITUATIONS[foldText(cells[columns.situation] ?? '')];
    if (!situation)
      throw new WatchlistFormatError('malformed', `unknown situation "${cells[columns.situation]}" for RFC ${rfc}`, {
        line,
      });
    // "NAME // En cumplimiento a la sentencia…": the note after the slashes is SAT's, not the name.
    const [name = '', ...note] = (cells[columns.name] ?? '').split('//').map((part) => part.trim());
    const taxpayer = taxpayers.get(rfc) ?? { rfc, names: [], notes: [], situations: [] };
    taxpayers.set(rfc, taxpayer);
    if (name && !taxpayer.names.includes(name)) taxpayer.names.push(name);
    if (note.length > 0) taxpayer.notes.push(note.join(' // '));
    const publishedOn = cellDate(cells[columns[situation]]);
    taxpayer.situations.push(publishedOn ? { situation, publishedOn } : { situation });
    const presumedOn = cellDate(cells[columns.presunto]);
    if (presumedOn && (!taxpayer.presumedOn || presumedOn < taxpayer.presumedOn)) taxpayer.presumedOn = presumedOn;
  }
  if (!columns) throw new WatchlistFormatError('wrong_format', `no header row in ${LIST}`);
  if (taxpayers.size === 0) throw new WatchlistFormatError('empty', `no taxpayers in ${LIST}`);
  for (const taxpayer of taxpayers.values()) yield toEntry(taxpayer);
}
