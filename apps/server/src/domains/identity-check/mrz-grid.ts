/**
 * An MRZ line put back on its grid. ICAO 9303 prints the MRZ in OCR-B at a fixed pitch (44 cells a line in
 * a passport, 30 on a card), and tesseract's English model reads OCR-B's filler "<" badly: as "K" or "L",
 * or as two overlapping symbols where there is one, so the line comes back with the wrong length and its
 * fields shifted. Its letters and digits, and the boxes it draws around each symbol, are good: each symbol
 * is placed in the cell its box's centre falls in, an empty cell is a filler, and a cell read as "K", "L"
 * or "<" is settled by the picture itself — a K or an L has a full-height stem on its left, a chevron has
 * only its point there.
 */
import type { NameCell } from './document.ts';

export type Box = { x0: number; y0: number; x1: number; y1: number };
/** One symbol as tesseract gave it; `confidence` is its own, 0–100. */
export type OcrSymbol = { text: string; bbox: Box; confidence?: number };
/** The picture the boxes refer to: is the pixel at (x, y) ink? */
export type Ink = { width: number; height: number; dark: (x: number, y: number) => boolean };
/**
 * How one cell was decided: tesseract's symbol there (`confidence`, 0–100; null for an empty cell), and,
 * for a K, L or C questioned against a "<", the share of its left edge inked (`stem`, against STEM_SHARE).
 */
export type CellRead = Omit<NameCell, 'symbol'>;
/** The line's characters, the cells made fillers against the OCR, each cell's box (to read it again) and how it was decided. */
export type GridLine = {
  line: string;
  fillers: number;
  cells: Box[];
  reads: CellRead[];
  /** How far the symbols sit from their cells' centres, in pitches (mean): the wrong cell count sits far off. */
  offset: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** What tesseract makes of OCR-B's "<" (measured: K and L mostly, C after a tilt was undone). */
const FILLER_LIKE = new Set(['<', 'K', 'L', 'C']);
/**
 * Share of the glyph's height inked along its left edge: a K's or an L's stem and a C's curve cover
 * 0.58–1, a chevron's point 0.2–0.48 (measured on drawn OCR-B, clean, blurred, tilted and JPEG q40).
 */
export const STEM_SHARE = 0.52;
/** The least change of pitch from the first cell to the last (a share of the pitch) read as a card's angle. */
const BENT = 0.04;

/** Share of the rows between `top` and `bottom` with ink in the leftmost fifth of the glyph in [from, to). */
function leftEdgeShare(ink: Ink, from: number, to: number, top: number, bottom: number): number {
  const x0 = Math.max(0, Math.floor(from));
  const x1 = Math.min(ink.width, Math.ceil(to));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(ink.height, Math.ceil(bottom));
  const inked = (x: number) => {
    for (let y = y0; y < y1; y++) if (ink.dark(x, y)) return true;
    return false;
  };
  let first = x0;
  while (first < x1 && !inked(first)) first++;
  if (first >= x1 || y1 <= y0) return 0;
  const band = Math.max(1, Math.round((x1 - x0) * 0.2));
  let rows = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = first; x < Math.min(x1, first + band); x++) {
      if (ink.dark(x, y)) {
        rows++;
        break;
      }
    }
  }
  return rows / (y1 - y0);
}

/**
 * The line's `cells` characters from tesseract's symbols on it. The first and last cells always hold ink
 * (a document code, a check digit or a filler), so the symbols' extent gives the pitch. `fillers` counts
 * the cells made "<" against what tesseract read there (nothing, a "K", an "L" or a second symbol).
 */
export function gridLine(symbols: readonly OcrSymbol[], cells: number, ink: Ink): GridLine | null {
  const syms = symbols.filter((s) => s.text.length === 1 && s.bbox.x1 > s.bbox.x0);
  if (syms.length < cells / 2) return null;
  const left = Math.min(...syms.map((s) => s.bbox.x0));
  const right = Math.max(...syms.map((s) => s.bbox.x1));
  const glyph = median(syms.map((s) => s.bbox.x1 - s.bbox.x0));
  const pitch = (right - left - glyph) / (cells - 1);
  // OCR-B's glyphs fill about two thirds of a cell: a pitch much closer to them means fewer cells.
  if (pitch < glyph * 1.2) return null;
  const top = median(syms.map((s) => s.bbox.y0));
  const bottom = median(syms.map((s) => s.bbox.y1));
  const centre = (s: OcrSymbol) => (s.bbox.x0 + s.bbox.x1) / 2;
  // Only letters and digits measure the pitch: a filler-like symbol may be a phantom beside a "<".
  const measured = syms.filter((s) => !FILLER_LIKE.has(s.text)).map(centre);
  const middles = cellMiddles(measured, cells, left + glyph / 2, right - glyph / 2, pitch);
  let line = '';
  let fillers = 0;
  const boxes: Box[] = [];
  const reads: CellRead[] = [];
  let off = 0;
  let placed = 0;
  for (let k = 0; k < cells; k++) {
    const middle = middles[k]!;
    boxes.push({ x0: middle - pitch / 2, x1: middle + pitch / 2, y0: top, y1: bottom });
    const here = syms
      .filter((s) => Math.abs(centre(s) - middle) < pitch / 2)
      .sort((a, b) => Math.abs(centre(a) - middle) - Math.abs(centre(b) - middle));
    const nearest = here[0];
    if (!nearest) {
      line += '<';
      fillers++;
      reads.push({ confidence: null });
      continue;
    }
    off += Math.abs(centre(nearest) - middle) / pitch;
    placed++;
    const confidence = nearest.confidence ?? null;
    if (!FILLER_LIKE.has(nearest.text)) {
      line += nearest.text;
      reads.push({ confidence });
      continue;
    }
    // From a little before the glyph's box to its end: the neighbours' ink stays out.
    const from = middle - glyph / 2 - (pitch - glyph) / 4;
    // Tesseract's own "<" at the cell's centre stands (the symbol beside it is a phantom); only its K, L
    // or C is questioned.
    const share = nearest.text === '<' ? null : leftEdgeShare(ink, from, middle + glyph / 2, top, bottom);
    const letter = share !== null && share >= STEM_SHARE ? nearest : undefined;
    line += letter ? letter.text : '<';
    reads.push(share === null ? { confidence } : { confidence, stem: share });
    if (!letter && (nearest.text !== '<' || here.length > 1)) fillers++;
  }
  return { line, fillers, cells: boxes, reads, offset: placed ? off / placed : 1 };
}

/**
 * Where each cell's middle is, from the first to the last: evenly spaced on a card seen square-on; on one
 * seen at an angle the far cells are narrower, so the pitch is measured along the line from the gaps
 * between neighbouring symbols one cell apart (a straight line fitted to gap against position) and the cells
 * are stepped out with it, then stretched to end on the last cell.
 */
function cellMiddles(centres: readonly number[], cells: number, first: number, last: number, pitch: number) {
  const sorted = [...centres].sort((a, b) => a - b);
  const gaps: [number, number][] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > pitch * 0.75 && gap < pitch * 1.25) gaps.push([(sorted[i]! + sorted[i - 1]!) / 2, gap]);
  }
  const even = Array.from({ length: cells }, (_, k) => first + k * pitch);
  if (gaps.length < cells / 3) return even;
  const n = gaps.length;
  const mx = gaps.reduce((t, [x]) => t + x, 0) / n;
  const mg = gaps.reduce((t, [, g]) => t + g, 0) / n;
  const sxx = gaps.reduce((t, [x]) => t + (x - mx) ** 2, 0);
  const slope = sxx > 0 ? gaps.reduce((t, [x, g]) => t + (x - mx) * (g - mg), 0) / sxx : 0;
  // A change of pitch along the line smaller than this is the boxes' noise, not an angle.
  if (Math.abs(slope * (last - first)) < pitch * BENT) return even;
  const gapAt = (x: number) => mg + slope * (x - mx);
  const stepped = [first];
  for (let k = 1; k < cells; k++) {
    const at = stepped[k - 1]!;
    stepped.push(at + gapAt(at + gapAt(at) / 2));
  }
  const stretch = (last - first) / (stepped.at(-1)! - first);
  return stepped.map((m) => first + (m - first) * stretch);
}
