/**
 * The MRZ read by OCR: tesseract.js with the English model shipped in @tesseract.js-data/eng (read from
 * node_modules, never downloaded), restricted to the MRZ's alphabet. Each pass's symbols are put back on
 * the MRZ's fixed grid (mrz-grid.ts: OCR-B's "<" is what the model reads worst), letters left in digit
 * cells are read again alone, and the text as tesseract gave it is kept as a second opinion. Two passes:
 * the whole picture finds the MRZ band; the band alone, levelled, binarised and enlarged, is read again
 * when the first reading does not hold its check digits or the picture is tilted.
 */
import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { type IntakeImage, pipelineOf } from './intake.ts';
import type { NameCell } from './document.ts';
import { type Box, type CellRead, type GridLine, gridLine, type Ink, type OcrSymbol } from './mrz-grid.ts';
import { cleanMrzLine, findMrzLines, type MrzReading, NAME_FIELD, nameCells, parseMrz } from './mrz-parse.ts';

const require = createRequire(import.meta.url);
/** Widths (px) the MRZ band is read at after the whole picture, in turn, until its check digits hold. */
const BAND_WIDTHS = [2400, 1700];
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
let workerPromise: Promise<Worker> | null = null;

/** One tesseract worker per thread, made on first use. */
export function ocrWorker(): Promise<Worker> {
  workerPromise ??= (async () => {
    const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: eng.langPath,
      gzip: eng.gzip,
      cacheMethod: 'none',
    });
    // The picture's own resolution says nothing useful (phones write 72 dpi): tell tesseract a scan's.
    await worker.setParameters({
      tessedit_char_whitelist: MRZ_ALPHABET,
      preserve_interword_spaces: '0',
      user_defined_dpi: '300',
    });
    return worker;
  })();
  return workerPromise;
}

export async function closeOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (pending) await (await pending).terminate();
}

type OcrLine = { text: string; bbox: Box; symbols: OcrSymbol[] };

async function ocrLines(png: Buffer, psm: PSM): Promise<OcrLine[]> {
  const worker = await ocrWorker();
  await worker.setParameters({ tessedit_pageseg_mode: psm });
  const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  if (lines.length > 0) {
    return lines
      .map((l) => ({
        text: l.text,
        bbox: l.bbox,
        symbols: l.words.flatMap((w) =>
          w.symbols.map((sym) => ({ text: sym.text, bbox: sym.bbox, confidence: sym.confidence })),
        ),
      }))
      .sort((a, b) => a.bbox.y0 - b.bbox.y0);
  }
  const none = { x0: 0, y0: 0, x1: 0, y1: 0 };
  return data.text.split('\n').map((text) => ({ text, bbox: none, symbols: [] }));
}

/** A grey picture's pixels as ink (darker than mid-grey), for the grid's look at a cell. */
async function inkOf(picture: Sharp): Promise<Ink> {
  const { data, info } = await picture.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  return { width: info.width, height: info.height, dark: (x, y) => data[(y * info.width + x) * channels]! < 128 };
}

/** Each shape's cells that only a digit may fill (dates and check digits), line by line. */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const SHAPES = [
  { lines: 2, cells: 44, digits: [[], [9, ...range(13, 20), ...range(21, 28), 42, 43]] },
  { lines: 2, cells: 36, digits: [[], [9, ...range(13, 20), ...range(21, 28), 35]] },
  { lines: 3, cells: 30, digits: [[14], [...range(0, 7), ...range(8, 15), 29], []] },
];

/**
 * A letter where only a digit may stand is read again alone, digits only: at the end of a run of
 * fillers the model's context misleads it ("6" read as "S" or "H"), a cell read by itself has none.
 */
async function rereadDigits(picture: Sharp, line: string, cells: readonly Box[], at: readonly number[]) {
  const chars = [...line];
  const wrong = at.filter((i) => /[A-Z]/.test(chars[i] ?? ''));
  if (wrong.length === 0) return line;
  const { width, height } = await picture.metadata();
  const worker = await ocrWorker();
  await worker.setParameters({ tessedit_char_whitelist: '0123456789', tessedit_pageseg_mode: PSM.SINGLE_WORD });
  try {
    for (const i of wrong) {
      const c = cells[i]!;
      const pad = (c.y1 - c.y0) * 0.3;
      const left = Math.max(0, Math.round(c.x0));
      const top = Math.max(0, Math.round(c.y0 - pad));
      const region = {
        left,
        top,
        width: Math.max(1, Math.min(width - left, Math.round(c.x1 - c.x0))),
        height: Math.max(1, Math.min(height - top, Math.round(c.y1 - c.y0 + 2 * pad))),
      };
      // A white margin around the lone glyph; read as a one-letter word (tesseract's LSTM often answers
      // nothing in its single-character mode).
      const cell = await picture
        .clone()
        .extract(region)
        .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
        .png()
        .toBuffer();
      const digit = (await worker.recognize(cell)).data.text.trim();
      if (/^\d$/.test(digit)) chars[i] = digit;
    }
  } finally {
    await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET });
  }
  return chars.join('');
}

/**
 * The readings of one OCR pass, best first: the last long lines put on the MRZ's grid (two of 44 cells,
 * two of 36, three of 30), then tesseract's text as it came.
 */
async function readingsOf(lines: readonly OcrLine[], picture: Sharp, today: Date): Promise<MrzReading[]> {
  const ink = await inkOf(picture);
  const long = lines.filter((l) => l.symbols.length >= 20);
  const out: MrzReading[] = [];
  const fitted = SHAPES.flatMap((shape) => {
    if (long.length < shape.lines) return [];
    const gridded = long.slice(-shape.lines).map((l) => gridLine(l.symbols, shape.cells, ink));
    if (gridded.some((g) => !g)) return [];
    return [{ shape, gridded: gridded as GridLine[], offset: gridded.reduce((n, g) => n + g!.offset, 0) }];
  });
  // Two lines may be put on 44 cells (TD3) and on 36 (TD2): only the grid the symbols sit in is read on.
  const kept = fitted.filter(
    (f) => !fitted.some((o) => o !== f && o.shape.lines === f.shape.lines && o.offset < f.offset),
  );
  for (const { shape, gridded } of kept) {
    const read: string[] = [];
    for (const [i, g] of gridded.entries()) read.push(await rereadDigits(picture, g.line, g.cells, shape.digits[i]!));
    const reading = parseMrz(read, today);
    const fillers = gridded.reduce((n, g) => n + g.fillers, 0);
    const names =
      reading &&
      nameCells(
        reading.format,
        read,
        gridded.map((g) => g.reads),
      );
    if (reading) out.push({ ...reading, fillers, fields: { ...reading.fields, nameCells: names } });
  }
  const found = findMrzLines(lines.map((l) => l.text));
  const text = found ? parseMrz(found.lines, today) : null;
  if (text) out.push({ ...text, fields: { ...text.fields, nameCells: textNameCells(text, lines) } });
  return out;
}

/**
 * A text reading's names with the confidences of the symbols behind them: the OCR line whose symbols
 * spell the name field as found (the field is left of the filler runs OCR miscounts). Null when none does.
 */
function textNameCells(reading: MrzReading, lines: readonly OcrLine[]): NameCell[] | null {
  const [row, start] = NAME_FIELD[reading.format];
  const wanted = reading.lines[row]!;
  const run = wanted.indexOf('<<<', start);
  const field = wanted.slice(start, run >= 0 ? run : undefined);
  for (const line of lines) {
    const symbols = line.symbols.filter((s) => s.text.length === 1);
    const spelled = symbols.map((s) => s.text).join('');
    if (spelled !== cleanMrzLine(line.text) || spelled.slice(start, start + field.length) !== field) continue;
    const reads: CellRead[] = symbols.map((s) => ({ confidence: s.confidence ?? null }));
    return nameCells(
      reading.format,
      [...reading.lines.slice(0, row), spelled, ...reading.lines.slice(row + 1)],
      [...reading.lines.slice(0, row).map(() => null), reads],
    );
  }
  return null;
}

/** The reading with the most check digits holding; on a tie the earlier (the grid's) one. */
const bestOf = (readings: readonly (MrzReading | null)[]) =>
  readings.reduce<MrzReading | null>((best, r) => (r && validDigits(r) > validDigits(best) ? r : best), null);

const validDigits = (r: MrzReading | null) => (r ? (r.fields.checkDigits ?? []).filter((c) => c.valid).length : -1);
const allValid = (r: MrzReading | null) => !!r && (r.fields.checkDigits ?? []).every((c) => c.valid);

/** Below this tilt (degrees) a line drifts less than a fifth of a cell's height across the MRZ. */
const LEVEL = 0.3;

/**
 * The band's tilt in degrees, by projection: the angle at which its dark pixels pile up in the fewest,
 * fullest rows (text lines). Tesseract's baselines are not enough: on a tilted picture it may find no line.
 */
async function skewOf(band: Sharp): Promise<number> {
  const { data, info } = await band.resize({ width: 600 }).threshold(128).raw().toBuffer({ resolveWithObject: true });
  const dark: [number, number][] = [];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) if (data[(y * info.width + x) * info.channels]! < 128) dark.push([x, y]);
  }
  let best = { angle: 0, score: -1 };
  for (let angle = -6; angle <= 6; angle += 0.25) {
    const slope = Math.tan((angle * Math.PI) / 180);
    const rows = new Map<number, number>();
    for (const [x, y] of dark) {
      const row = Math.round(y - x * slope);
      rows.set(row, (rows.get(row) ?? 0) + 1);
    }
    let score = 0;
    for (const n of rows.values()) score += n * n;
    if (score > best.score) best = { angle, score };
  }
  return best.angle;
}

export type MrzAttempt = { reading: MrzReading | null; passes: number };

/** Reads the MRZ on a picture; null reading when no MRZ-shaped lines were found. */
export async function readMrz(image: IntakeImage, today = new Date()): Promise<MrzAttempt> {
  const grey = pipelineOf(image).greyscale().normalise();
  const whole = await grey.clone().png().toBuffer();
  const lines = await ocrLines(whole, PSM.AUTO);
  const first = bestOf(await readingsOf(lines, grey, today));
  // The band: the lines with fillers or digits (an MRZ's, or pieces of them: on a tilted picture OCR cuts
  // them up, or finds none, and then the lower half is read).
  const mrzLike = lines.filter((l) => l.symbols.length >= 10 && /[<0-9]/.test(l.text) && l.bbox.y1 > 0);
  const pad = Math.round(image.height * 0.03);
  const band = mrzLike.length
    ? {
        top: Math.max(0, Math.min(...mrzLike.map((l) => l.bbox.y0)) - pad),
        bottom: Math.min(image.height, Math.max(...mrzLike.map((l) => l.bbox.y1)) + pad),
      }
    : { top: Math.round(image.height * 0.5), bottom: image.height };
  const region = { left: 0, top: band.top, width: image.width, height: Math.max(1, band.bottom - band.top) };
  const skew = await skewOf(grey.clone().extract(region));
  // The grid needs level lines: a tilted first reading may hold its check digits with its names misread.
  if (allValid(first) && Math.abs(skew) <= LEVEL) return { reading: first, passes: 1 };

  const extracted = await grey.clone().extract(region).png().toBuffer();
  // OCR's slips depend on the letters' size in pixels: a band that does not hold is read again at
  // another scale, and the reading with the most check digits holding wins.
  let best = first;
  let passes = 1;
  for (const width of BAND_WIDTHS) {
    const crop = await sharp(extracted)
      .rotate(Math.abs(skew) > LEVEL ? -skew : 0, { background: '#ffffff' })
      .resize({ width: Math.min(width, image.width * 2) })
      .threshold(140)
      .png()
      .toBuffer();
    passes++;
    const reread = await readingsOf(await ocrLines(crop, PSM.SINGLE_BLOCK), sharp(crop), today);
    best = bestOf([...reread, best]);
    if (allValid(best)) break;
  }
  return { reading: best, passes };
}
