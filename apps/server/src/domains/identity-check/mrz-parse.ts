/**
 * From OCR lines to an MRZ reading. The lines are found among the OCR's (TD3: two of 44, TD2: two of 36,
 * TD1: three of 30),
 * brought to their exact length, then parsed by the `mrz` package with its autocorrection, which fixes
 * OCR's confusions by each field's kind (O→0, I→1, S→5, B→8, Z→2, G→6 in digits; the reverse in names and
 * countries). The check digits then confirm or refute the reading: a correction that breaks a check digit
 * shows as an invalid check digit, never as a silent pass.
 */
import { type ParseResult, parse } from 'mrz';
import { type DocumentFields, type NameCell, realDate } from './document.ts';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';
const SHAPES: Record<MrzFormat, { lines: number; length: number }> = {
  TD3: { lines: 2, length: 44 },
  TD2: { lines: 2, length: 36 },
  TD1: { lines: 3, length: 30 },
};
const isFormat = (f: string): f is MrzFormat => f in SHAPES;
/** The format of lines already of the right shape (two lines: TD3 or TD2 by their length). */
const formatOf = (lines: readonly string[]): MrzFormat | null =>
  (Object.keys(SHAPES) as MrzFormat[]).find(
    (f) => SHAPES[f].lines === lines.length && lines.every((l) => l.length === SHAPES[f].length),
  ) ?? null;
const CHECK_FIELDS = new Set([
  'documentNumberCheckDigit',
  'birthDateCheckDigit',
  'expirationDateCheckDigit',
  'personalNumberCheckDigit',
  'compositeCheckDigit',
]);

/** OCR output → MRZ alphabet: upper case, no spaces, look-alikes of "<" made "<". */
export function cleanMrzLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹([{]/g, '<')
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9<]/g, '');
}

/** Brings a line to `length` by growing or shrinking its longest run of fillers (where OCR miscounts). */
export function fitLength(line: string, length: number): string {
  let out = line;
  while (out.length !== length) {
    const runs = [...out.matchAll(/<{2,}/g)];
    const longest = runs.sort((a, b) => b[0].length - a[0].length)[0];
    if (out.length > length) {
      if (longest) out = out.slice(0, longest.index) + out.slice(longest.index + 1);
      else out = out.slice(0, length);
    } else if (longest) out = out.slice(0, longest.index) + '<' + out.slice(longest.index);
    else out = out + '<'.repeat(length - out.length);
  }
  return out;
}

/**
 * The MRZ's lines among OCR lines: the last group of consecutive lines of a format's shape. Two lines
 * may fit both TD3 and TD2 (OCR miscounts fillers): the format whose length they are nearer wins.
 */
export function findMrzLines(ocrLines: readonly string[]): { format: MrzFormat; lines: string[] } | null {
  const cleaned = ocrLines.map(cleanMrzLine).filter((l) => l.length >= 20);
  let best: { format: MrzFormat; lines: string[]; at: number; off: number } | null = null;
  for (const format of ['TD3', 'TD2', 'TD1'] as const) {
    const { lines, length } = SHAPES[format];
    // OCR miscounts long runs of fillers (a name line may come back several "<" short): fitLength repairs.
    const near = (l: string) =>
      l.length >= length - 8 &&
      l.length <= length + 4 &&
      (/<<</.test(l) ? true : Math.abs(l.length - length) <= 2 && /\d{6}/.test(l));
    for (let i = cleaned.length - lines; i >= 0; i--) {
      const group = cleaned.slice(i, i + lines);
      if (!group.every(near)) continue;
      const off = group.reduce((n, l) => n + Math.abs(l.length - length), 0);
      const later = !best || i + lines > best.at + best.lines.length;
      if (later || (i + lines === best!.at + best!.lines.length && off < best!.off)) {
        best = { format, lines: group.map((l) => fitLength(l, length)), at: i, off };
      }
      break;
    }
  }
  return best && { format: best.format, lines: best.lines };
}

/** YYMMDD → YYYY-MM-DD: birth dates are never in the future; expiry dates are this century unless ≥ 70. */
export function mrzDate(
  yymmdd: string | null | undefined,
  kind: 'birth' | 'expiry',
  today = new Date(),
): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const nowYY = today.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > nowYY ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  return realDate(century + yy, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

/** Where the names are: [line, first column] (they run to the line's end). */
export const NAME_FIELD: Record<MrzFormat, [number, number]> = { TD3: [0, 5], TD2: [0, 5], TD1: [2, 0] };
const DIGIT_LOOKS_LIKE: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G' };

/**
 * The names carry no check digit, so two structural rules stand in for one: a name holds no digit, so a
 * digit beside the letter it looks like is OCR seeing that letter twice ("J0OSE" → "JOSE"); and names are
 * left-aligned, so after a run of three fillers only fillers follow ("<<<<L<L<" → "<<<<<<<<").
 */
export function cleanNames(lines: readonly string[], format: MrzFormat): string[] {
  const [line, start] = NAME_FIELD[format];
  const { length } = SHAPES[format];
  return lines.map((l, i) => {
    if (i !== line) return l;
    let names = l.slice(start);
    names = [...names]
      .filter((c, j) => !(DIGIT_LOOKS_LIKE[c] && [names[j - 1], names[j + 1]].includes(DIGIT_LOOKS_LIKE[c])))
      .join('');
    const run = names.indexOf('<<<');
    if (run >= 0) names = names.slice(0, run);
    return fitLength((l.slice(0, start) + names).padEnd(length, '<'), length);
  });
}

/** ICAO 9303 check digit: weights 7, 3, 1; digits as themselves, A–Z as 10–35, "<" as 0. */
export function mrzCheckDigit(text: string): string {
  const value = (c: string) => (c === '<' ? 0 : c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 55);
  return String([...text].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10);
}

/** What OCR mistakes a character for, in fields that may hold both letters and digits. */
const LOOK_ALIKES: Record<string, string[]> = {
  '0': ['O'],
  O: ['0'],
  '1': ['I'],
  I: ['1'],
  '5': ['S'],
  S: ['5'],
  '8': ['B'],
  B: ['8'],
  '2': ['Z'],
  Z: ['2', '7'],
  '7': ['Z'],
  '6': ['G'],
  G: ['6'],
};
/** Alphanumeric fields with their own check digit: [line, start, end, check digit column]. */
const ALNUM_FIELDS: Record<MrzFormat, [number, number, number, number][]> = {
  TD3: [
    [1, 0, 9, 9],
    [1, 28, 42, 42],
  ],
  TD2: [[1, 0, 9, 9]],
  TD1: [[0, 5, 14, 14]],
};
const MAX_VARIANTS = 512;

function variants(text: string): string[] {
  let out = [''];
  for (const c of text) {
    out = out.flatMap((prefix) => [c, ...(LOOK_ALIKES[c] ?? [])].map((x) => prefix + x));
    if (out.length > MAX_VARIANTS) return [text];
  }
  return out;
}

/**
 * Letters and digits both belong in a document number, so field kinds cannot say whether "7E18" was
 * "ZE18": the check digits can. Each failing alphanumeric field is tried with its look-alikes swapped;
 * a repair is kept when every check digit holds and it is the only such combination with that few swaps
 * (several equally small repairs: none is kept, the check digit fails and a person looks).
 */
function repairAlphanumeric(lines: readonly string[], format: MrzFormat): { lines: string[]; swaps: number } | null {
  const options: { line: number; start: number; end: number; candidates: string[] }[] = [];
  for (const [line, start, end, check] of ALNUM_FIELDS[format]) {
    const value = lines[line]!.slice(start, end);
    const digit = lines[line]![check]!;
    if (mrzCheckDigit(value) === digit) continue;
    const candidates = variants(value).filter((v) => v !== value && mrzCheckDigit(v) === digit);
    if (candidates.length === 0) return null;
    options.push({ line, start, end, candidates });
  }
  if (options.length === 0) return null;
  let combos: string[][] = [[...lines]];
  for (const o of options) {
    combos = combos.flatMap((ls) =>
      o.candidates.map((c) => ls.map((l, i) => (i === o.line ? l.slice(0, o.start) + c + l.slice(o.end) : l))),
    );
    if (combos.length > MAX_VARIANTS) return null;
  }
  const holding = combos.filter((ls) => {
    try {
      return parse(ls)
        .details.filter((d) => d.field && CHECK_FIELDS.has(d.field))
        .every((d) => d.valid);
    } catch {
      return false;
    }
  });
  const swapsOf = (ls: string[]) => ls.reduce((n, l, i) => n + [...l].filter((c, j) => c !== lines[i]![j]).length, 0);
  const ranked = holding.map((ls) => ({ lines: ls, swaps: swapsOf(ls) })).sort((a, b) => a.swaps - b.swaps);
  const [best, next] = ranked;
  if (!best || (next && next.swaps === best.swaps)) return null;
  return best;
}

const allHold = (lines: readonly string[]) => {
  try {
    return parse(lines, { autocorrect: true })
      .details.filter((d) => d.field && CHECK_FIELDS.has(d.field))
      .every((d) => d.valid);
  } catch {
    return false;
  }
};

/**
 * OCR sometimes sees one character twice (a "0" beside an "O") and the line's filler run absorbs the
 * difference, shifting the fields. Dropping a character that doubles its neighbour (itself or a
 * look-alike) is tried at every such place; kept only when the places where every check digit then holds
 * all give one and the same reading.
 */
function repairDoubledCharacter(lines: readonly string[], length: number): string[] | null {
  const doubles = (line: string, j: number) =>
    [line[j - 1], line[j + 1]].some(
      (n) => n !== undefined && (n === line[j] || (LOOK_ALIKES[line[j]!] ?? []).includes(n)),
    );
  const found = new Map<string, string[]>();
  lines.forEach((line, i) => {
    for (let j = 0; j < line.length; j++) {
      if (line[j] === '<' || !doubles(line, j)) continue;
      const candidate = lines.map((l, k) => (k === i ? fitLength(l.slice(0, j) + l.slice(j + 1), length) : l));
      if (!allHold(candidate)) continue;
      const f = parse(candidate, { autocorrect: true }).fields;
      found.set([f.documentNumber, f.birthDate, f.expirationDate, f.lastName, f.firstName].join('|'), candidate);
    }
  });
  return found.size === 1 ? [...found.values()][0]! : null;
}

export type MrzReading = {
  format: MrzFormat;
  lines: string[];
  fields: DocumentFields;
  /** Characters changed by field kind or by look-alike swaps (check-digit fields: confirmed by them). */
  corrections: number;
  /** Cells the grid made fillers against the OCR's symbol there (mrz-grid.ts); 0 for a text reading. */
  fillers: number;
};

type CellRead = Omit<NameCell, 'symbol'>;

/**
 * The name field's cells as read (before parsing: a digit there is still a digit); `reads` holds each
 * line's cells as mrz-grid.ts decided them. Null when the reads do not cover the field.
 */
export function nameCells(
  format: MrzFormat,
  lines: readonly string[],
  reads: readonly (readonly CellRead[] | null)[],
): NameCell[] | null {
  const [line, start] = NAME_FIELD[format];
  const text = lines[line];
  const row = reads[line];
  if (!text || !row) return null;
  const run = text.indexOf('<<<', start);
  const end = run >= 0 ? run : text.length;
  const cells: NameCell[] = [];
  for (let j = start; j < end; j++) {
    const read = row[j];
    if (!read) return null;
    cells.push({ symbol: text[j]!, ...read });
  }
  return cells;
}

/** Parses MRZ lines (already of the right shape) into the common fields, with every check digit's verdict. */
export function parseMrz(ocrLines: readonly string[], today = new Date()): MrzReading | null {
  const format = formatOf(ocrLines);
  const input = format ? cleanNames(ocrLines, format) : [...ocrLines];
  let result: ParseResult;
  try {
    result = parse(input, { autocorrect: true });
  } catch {
    return null;
  }
  const parsed = result.format;
  if (!isFormat(parsed)) return null;
  let lines = [...input];
  let swaps = 0;
  if (result.details.some((d) => d.field && CHECK_FIELDS.has(d.field) && !d.valid)) {
    // Apply the field-kind corrections first, then try the look-alikes where only check digits can tell.
    const fixes = result.details.flatMap((d) => d.autocorrect);
    const corrected = lines.map((l, i) =>
      [...l].map((c, j) => fixes.find((a) => a.line === i && a.column === j)?.corrected ?? c).join(''),
    );
    const repaired = repairAlphanumeric(corrected, parsed);
    const shifted = repaired ? null : repairDoubledCharacter(lines, SHAPES[parsed].length);
    if (repaired) {
      lines = repaired.lines;
      swaps = repaired.swaps;
    } else if (shifted) {
      lines = shifted;
      swaps = 1;
    }
    if (repaired || shifted) result = parse(lines, { autocorrect: true });
  }
  const f = result.fields;
  // `mrz` refuses codes outside its list of states (ICAO's own specimen "UTO"); we keep the letters as read.
  const raw = (field: string) => {
    const range = result.details.find((d) => d.field === field)?.ranges[0];
    return range ? (lines[range.line]?.slice(range.start, range.end).replace(/</g, '') ?? null) : null;
  };
  const sex = f.sex === 'male' ? 'M' : f.sex === 'female' ? 'F' : f.sex === 'nonspecified' ? 'X' : null;
  const fields: DocumentFields = {
    source: 'mrz',
    document: parsed === 'TD3' ? 'passport' : parsed === 'TD2' ? 'id_card_td2' : 'id_card_td1',
    country: f.issuingState ?? raw('issuingState'),
    documentNumber: (result.documentNumber ?? f.documentNumber ?? '').replace(/</g, ''),
    surnames: (f.lastName ?? '').trim(),
    givenNames: (f.firstName ?? '').trim(),
    sex,
    birthDate: mrzDate(f.birthDate, 'birth', today),
    expiryDate: mrzDate(f.expirationDate, 'expiry', today),
    checkDigits: result.details
      .filter((d) => d.field && CHECK_FIELDS.has(d.field))
      .map((d) => ({ field: d.field!, valid: d.valid })),
    extra: {
      nationality: f.nationality ?? raw('nationality') ?? '',
      ...(f.personalNumber ? { personalNumber: f.personalNumber } : {}),
      ...(f.optional1 ? { optional1: f.optional1 } : {}),
    },
  };
  const corrections = swaps + result.details.reduce((n, d) => n + d.autocorrect.length, 0);
  return { format: parsed, lines, fields, corrections, fillers: 0 };
}
