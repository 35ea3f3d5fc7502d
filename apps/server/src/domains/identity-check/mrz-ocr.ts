/**
 * The MRZ read by OCR: tesseract.js with the English model shipped in @tesseract.js-data/eng (read from
 * node_modules, never downloaded), restricted to the MRZ's alphabet. Two passes: the whole picture finds
 * the MRZ band (the lines that look like one); the band alone, cropped, binarised and enlarged, is read
 * again when the first reading does not hold its check digits.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { type IntakeImage, pipelineOf } from './intake.ts';
import { findMrzLines, type MrzReading, parseMrz } from './mrz-parse.ts';

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

type Box = { x0: number; y0: number; x1: number; y1: number };
type OcrLine = { text: string; bbox: Box; angle: number };

async function ocrLines(png: Buffer, psm: PSM): Promise<OcrLine[]> {
  const worker = await ocrWorker();
  await worker.setParameters({ tessedit_pageseg_mode: psm });
  const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  if (lines.length > 0) {
    return lines.map((l) => ({
      text: l.text,
      bbox: l.bbox,
      angle: (Math.atan2(l.baseline.y1 - l.baseline.y0, l.baseline.x1 - l.baseline.x0) * 180) / Math.PI,
    }));
  }
  return data.text.split('\n').map((text) => ({ text, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 }, angle: 0 }));
}

const validDigits = (r: MrzReading | null) => (r?.fields.checkDigits ?? []).filter((c) => c.valid).length;
const allValid = (r: MrzReading | null) => !!r && (r.fields.checkDigits ?? []).every((c) => c.valid);

export type MrzAttempt = { reading: MrzReading | null; passes: number };

/** Reads the MRZ on a picture; null reading when no MRZ-shaped lines were found. */
export async function readMrz(image: IntakeImage, today = new Date()): Promise<MrzAttempt> {
  const grey = pipelineOf(image).greyscale().normalise();
  const whole = await grey.clone().png().toBuffer();
  const lines = await ocrLines(whole, PSM.AUTO);
  const found = findMrzLines(lines.map((l) => l.text));
  const first = found ? parseMrz(found.lines, today) : null;
  if (allValid(first)) return { reading: first, passes: 1 };

  // The band: the lines that look like MRZ lines (long, with fillers), or the lower half when none does;
  // their baselines give the skew, undone before the second reading (a tilted run of "<" is read short).
  const mrzLike = lines.filter((l) => l.text.replace(/\s/g, '').length >= 12 && l.text.includes('<') && l.bbox.y1 > 0);
  const textLines = lines.filter((l) => l.text.trim().length >= 10 && l.bbox.y1 > 0);
  const angles = (mrzLike.length ? mrzLike : textLines).map((l) => l.angle).sort((a, b) => a - b);
  const skew = angles.length ? angles[Math.floor(angles.length / 2)]! : 0;
  const pad = Math.round(image.height * 0.03);
  const band = mrzLike.length
    ? {
        top: Math.max(0, Math.min(...mrzLike.map((l) => l.bbox.y0)) - pad),
        bottom: Math.min(image.height, Math.max(...mrzLike.map((l) => l.bbox.y1)) + pad),
      }
    : { top: Math.round(image.height * 0.5), bottom: image.height };
  const extracted = await grey
    .clone()
    .extract({ left: 0, top: band.top, width: image.width, height: Math.max(1, band.bottom - band.top) })
    .png()
    .toBuffer();
  // OCR's slips depend on the letters' size in pixels: a band that does not hold is read again at
  // another scale, and the reading with the most check digits holding wins.
  let best = first;
  let passes = 1;
  for (const width of BAND_WIDTHS) {
    const crop = await sharp(extracted)
      .rotate(Math.abs(skew) > 0.3 ? -skew : 0, { background: '#ffffff' })
      .resize({ width: Math.min(width, image.width * 2) })
      .threshold(140)
      .png()
      .toBuffer();
    passes++;
    const found = findMrzLines((await ocrLines(crop, PSM.SINGLE_BLOCK)).map((l) => l.text));
    const reread = found ? parseMrz(found.lines, today) : null;
    if (!best || validDigits(reread) > validDigits(best)) best = reread;
    if (allValid(best)) break;
  }
  return { reading: best, passes };
}
