/**
 * From OCR lines to an MRZ reading. The lines are found among the OCR's (TD3: two of 44, TD1: three of 30),
 * brought to their exact length, then parsed by the `mrz` package with its autocorrection, which fixes
 * OCR's confusions by each field's kind (O→0, I→1, S→5, B→8, Z→2, G→6 in digits; the reverse in names and
 * countries). The check digits then confirm or refute the reading: a correction that breaks a check digit
 * shows as an invalid check digit, never as a silent pass.
 */
import { parse } from 'mrz';
import { type DocumentFields, realDate } from './document.ts';

export type MrzFormat = 'TD1' | 'TD3';
const SHAPES: Record<MrzFormat, { lines: number; length: number }> = {
  TD3: { lines: 2, length: 44 },
  TD1: { lines: 3, length: 30 },
};
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
    .replace(/[«‹(\[{]/g, '<')
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

/** The MRZ's lines among OCR lines: the last group of consecutive lines of the right shape. */
export function findMrzLines(ocrLines: readonly string[]): { format: MrzFormat; lines: string[] } | null {
  const cleaned = ocrLines.map(cleanMrzLine).filter((l) => l.length >= 20);
  for (const format of ['TD3', 'TD1'] as const) {
    const { lines, length } = SHAPES[format];
    const near = (l: string) => Math.abs(l.length - length) <= 3 && (l.includes('<') || /\d{6}/.test(l));
    for (let i = cleaned.length - lines; i >= 0; i--) {
      const group = cleaned.slice(i, i + lines);
      if (group.every(near)) return { format, lines: group.map((l) => fitLength(l, length)) };
    }
  }
  return null;
}

/** YYMMDD → YYYY-MM-DD: birth dates are never in the future; expiry dates are this century unless ≥ 70. */
export function mrzDate(yymmdd: string | null | undefined, kind: 'birth' | 'expiry', today = new Date()): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const nowYY = today.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > nowYY ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  return realDate(century + yy, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

export type MrzReading = { format: MrzFormat; lines: string[]; fields: DocumentFields; corrections: number };

/** Parses MRZ lines (already of the right shape) into the common fields, with every check digit's verdict. */
export function parseMrz(lines: readonly string[], today = new Date()): MrzReading | null {
  let result;
  try {
    result = parse(lines, { autocorrect: true });
  } catch {
    return null;
  }
  if (result.format !== 'TD1' && result.format !== 'TD3') return null;
  const f = result.fields;
  // `mrz` refuses codes outside its list of states (ICAO's own specimen "UTO"); we keep the letters as read.
  const raw = (field: string) => {
    const range = result.details.find((d) => d.field === field)?.ranges[0];
    return range ? (lines[range.line]?.slice(range.start, range.end).replace(/</g, '') ?? null) : null;
  };
  const sex = f.sex === 'male' ? 'M' : f.sex === 'female' ? 'F' : f.sex === 'nonspecified' ? 'X' : null;
  const fields: DocumentFields = {
    source: 'mrz',
    document: result.format === 'TD3' ? 'passport' : 'id_card_td1',
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
  const corrections = result.details.reduce((n, d) => n + d.autocorrect.length, 0);
  return { format: result.format, lines: [...lines], fields, corrections };
}
