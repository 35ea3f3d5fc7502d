/**
 * Documents made in the tests: MRZs drawn in OCR-B (the font ICAO 9303 prescribes; ../fixtures/fonts),
 * PDF417 codes written by zxing-wasm's writer, and the spoilings a phone adds (blur, a few degrees of
 * rotation, a card seen at an angle, JPEG compression, darkness).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const require = createRequire(import.meta.url);
export const FACES = path.join(import.meta.dirname, '..', 'fixtures', 'faces');
export const face = (name: string) => readFileSync(path.join(FACES, `${name}.jpg`));
/** Loaded by file, so the test machine needs no font installed. */
export const OCR_B = path.join(import.meta.dirname, '..', 'fixtures', 'fonts', 'OCRB.otf');

/** ICAO 9303's own specimens (part 4 and part 5), as printed there. */
export const TD3_SPECIMEN = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
/** ICAO 9303 part 6's TD2 specimen (an ID card of 105 × 74 mm: two lines of 36). */
export const TD2_SPECIMEN = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
export const TD1_SPECIMEN = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];

/** ICAO 9303 check digit: weights 7, 3, 1; digits as themselves, A–Z as 10–35, "<" as 0. */
export function checkDigit(text: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...text].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10);
}

/** A TD3 (passport) MRZ with correct check digits. */
export function td3(o: {
  country: string;
  surname: string;
  given: string;
  number: string;
  birth: string;
  sex: string;
  expiry: string;
  personal?: string;
}): string[] {
  const line1 = `P<${o.country}${mrzName(o.surname, o.given)}`.padEnd(44, '<').slice(0, 44);
  const number = o.number.padEnd(9, '<');
  const personal = (o.personal ?? '').padEnd(14, '<');
  const parts = [
    number + checkDigit(number),
    o.country,
    o.birth + checkDigit(o.birth),
    o.sex,
    o.expiry + checkDigit(o.expiry),
    personal + checkDigit(personal),
  ];
  const composite = parts[0]! + parts[2]! + parts[4]! + parts[5]!;
  return [line1, parts.join('') + checkDigit(composite)];
}

/** Names as the MRZ writes them: surnames, "<<", given names, every space a "<". */
const mrzName = (surname: string, given: string) => `${surname}<<${given}`.replace(/ /g, '<');

/** A TD1 (ID card) MRZ with correct check digits; `optional` fills line 1 after the number's check digit. */
export function td1(o: {
  kind?: string;
  country: string;
  surname: string;
  given: string;
  number: string;
  birth: string;
  sex: string;
  expiry: string;
  nationality?: string;
  optional?: string;
}): string[] {
  const number = o.number.padEnd(9, '<');
  const line1 = `${(o.kind ?? 'I').padEnd(2, '<')}${o.country}${number}${checkDigit(number)}${(o.optional ?? '').padEnd(15, '<')}`;
  const line2Head = `${o.birth}${checkDigit(o.birth)}${o.sex}${o.expiry}${checkDigit(o.expiry)}${o.nationality ?? o.country}`;
  const line2 = line2Head.padEnd(29, '<');
  // Composite: line 1 from the number on, line 2's dates with their check digits (ICAO 9303-5).
  const composite = checkDigit(line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29));
  return [line1, line2 + composite, mrzName(o.surname, o.given).padEnd(30, '<').slice(0, 30)];
}

/** A TD2 (ID card of ID-2 size) MRZ with correct check digits; `optional` fills line 2 before the composite. */
export function td2(o: {
  kind?: string;
  country: string;
  surname: string;
  given: string;
  number: string;
  birth: string;
  sex: string;
  expiry: string;
  nationality?: string;
  optional?: string;
}): string[] {
  const line1 = `${(o.kind ?? 'I').padEnd(2, '<')}${o.country}${mrzName(o.surname, o.given)}`
    .padEnd(36, '<')
    .slice(0, 36);
  const number = o.number.padEnd(9, '<');
  const line2 = `${number}${checkDigit(number)}${o.nationality ?? o.country}${o.birth}${checkDigit(o.birth)}${o.sex}${o.expiry}${checkDigit(o.expiry)}${(o.optional ?? '').padEnd(7, '<')}`;
  // Composite: the number, the birth and expiry dates with their check digits, the optional data (ICAO 9303-6).
  return [line1, line2 + checkDigit(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 35))];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A Colombian passport's MRZ (María José García, born 1990-02-15, expires 2032): the tests' and bench's usual one. */
export const MARIA_PASSPORT_MRZ = td3({
  country: 'COL',
  surname: 'GARCIA',
  given: 'MARIA JOSE',
  number: 'AB1234567',
  birth: '900215',
  sex: 'F',
  expiry: '320101',
});

/** A card-like picture with the MRZ lines at the bottom in OCR-B (and, optionally, a portrait on the left). */
export async function mrzPicture(
  lines: readonly string[],
  options: { portrait?: Buffer; width?: number; glare?: Glare } = {},
): Promise<Buffer> {
  const width = options.width ?? 1400;
  // OCR-B's advance is 0.72 em: the lines fill 90% of the width, a margin on both sides.
  const fontSize = Math.round((width * 0.9) / (Math.max(1, lines[0]!.length) * 0.72));
  const height = Math.round(width * 0.68);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1e8"/><text x="${Math.round(width * 0.35)}" y="${Math.round(height * 0.15)}" font-family="DejaVu Sans" font-size="${fontSize}">PASSPORT  PASAPORTE</text></svg>`;
  const composites: OverlayOptions[] = [];
  if (options.portrait) {
    const portrait = await sharp(options.portrait)
      .resize({ width: Math.round(width * 0.28), height: Math.round(height * 0.55), fit: 'cover' })
      .toBuffer();
    composites.push({ input: portrait, left: Math.round(width * 0.03), top: Math.round(height * 0.08) });
  }
  if (lines.some((l) => l.trim().length > 0)) {
    // Pango markup through sharp's text input (the font's own line height): at 72 dpi a point is a pixel.
    const mrz = await sharp({
      text: {
        text: lines.map(escape).join('\n'),
        font: `OCR B ${fontSize}`,
        fontfile: OCR_B,
        dpi: 72,
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    const top = height - mrz.info.height - fontSize;
    const left = Math.round(width * 0.05);
    composites.push({ input: mrz.data, left, top });
    if (options.glare)
      composites.push(glareOver(options.glare, { left, top, fontSize, lineHeight: mrz.info.height / lines.length }));
  }
  return sharp(Buffer.from(svg)).composite(composites).png().toBuffer();
}

/**
 * A patch of glare over one MRZ cell (`line`, `column`): the paper's colour laid over the right part of the
 * glyph at `strength` (0–1), as a reflection or a scratch leaves a letter half there.
 */
export type Glare = { line: number; column: number; strength?: number; share?: number };

function glareOver(g: Glare, at: { left: number; top: number; fontSize: number; lineHeight: number }): OverlayOptions {
  const advance = at.fontSize * 0.72;
  const share = g.share ?? 0.5;
  const w = Math.max(1, Math.round(advance * share));
  const h = Math.round(at.lineHeight);
  const alpha = g.strength ?? 0.8;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#f4f1e8" fill-opacity="${alpha}"/></svg>`;
  return {
    input: Buffer.from(svg),
    left: Math.round(at.left + advance * (g.column + 1 - share)),
    top: Math.round(at.top + at.lineHeight * g.line),
  };
}

let writerReady = false;
/** A PDF417 of `payload` on a white card (bytes as given: the cédula's payload is latin-1 with NULs). */
export async function pdf417Picture(payload: string | Uint8Array, options: { scale?: number } = {}): Promise<Buffer> {
  if (!writerReady) {
    const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    });
    writerReady = true;
  }
  const written = await writeBarcode(payload, { format: 'PDF417', scale: options.scale ?? 4 });
  if (written.error || !written.image) throw new Error(`PDF417 writer: ${written.error}`);
  const code = Buffer.from(await written.image.arrayBuffer());
  const meta = await sharp(code).metadata();
  return sharp({
    create: { width: (meta.width ?? 0) + 160, height: (meta.height ?? 0) + 160, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: code, left: 80, top: 80 }])
    .png()
    .toBuffer();
}

type Point = [number, number];
/**
 * `perspective`: the card seen at an angle, as a phone held not quite parallel sees it. The side named is
 * the far one, shrunk by `by` (0–1) about its middle; the picture keeps its size, white where the card
 * is not.
 */
export type Perspective = { far: 'top' | 'bottom' | 'left' | 'right'; by: number };
export type Spoil = {
  blur?: number;
  rotate?: number;
  perspective?: Perspective;
  jpegQuality?: number;
  darken?: number;
};

/** The picture as a phone might send it. */
export async function spoil(picture: Buffer, s: Spoil): Promise<Buffer> {
  let p = sharp(picture);
  if (s.perspective) p = await seenAtAngle(picture, s.perspective);
  if (s.rotate) p = sharp(await p.rotate(s.rotate, { background: '#ffffff' }).png().toBuffer());
  if (s.blur) p = p.blur(s.blur);
  if (s.darken) p = p.linear(s.darken, 0);
  return s.jpegQuality ? p.jpeg({ quality: s.jpegQuality }).toBuffer() : p.png().toBuffer();
}

/**
 * A projective warp (sharp has only affine ones): each pixel of the result is looked up in the picture
 * through the homography taking the trapezoid back to the rectangle, bilinearly.
 */
async function seenAtAngle(picture: Buffer, v: Perspective) {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels } = info;
  const inset = (v.by / 2) * (v.far === 'top' || v.far === 'bottom' ? w : h);
  // The corners of the picture (top-left, top-right, bottom-right, bottom-left) where they land.
  const corners = {
    top: [
      [inset, 0],
      [w - inset, 0],
      [w, h],
      [0, h],
    ],
    bottom: [
      [0, 0],
      [w, 0],
      [w - inset, h],
      [inset, h],
    ],
    left: [
      [0, inset],
      [w, 0],
      [w, h],
      [0, h - inset],
    ],
    right: [
      [0, 0],
      [w, inset],
      [w, h - inset],
      [0, h],
    ],
  }[v.far] as Point[];
  const back = homography(corners, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  const out = Buffer.alloc(w * h * channels, 255);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = back[6]! * x + back[7]! * y + 1;
      const sx = (back[0]! * x + back[1]! * y + back[2]!) / d;
      const sy = (back[3]! * x + back[4]! * y + back[5]!) / d;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const a = (y0 * w + x0) * channels;
      const right = x0 + 1 < w ? channels : 0;
      const down = y0 + 1 < h ? w * channels : 0;
      const o = (y * w + x) * channels;
      for (let c = 0; c < channels; c++) {
        const top = data[a + c]! * (1 - fx) + data[a + right + c]! * fx;
        const bottom = data[a + down + c]! * (1 - fx) + data[a + down + right + c]! * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return sharp(out, { raw: { width: w, height: h, channels } });
}

/** The 3 × 3 homography (h33 = 1, eight numbers row by row) taking four points `from` onto `to`. */
function homography(from: readonly Point[], to: readonly Point[]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss–Jordan elimination with partial pivoting on the 8 × 9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const lead = rows[col]!;
    const scale = lead[col]!;
    for (let c = col; c < 9; c++) lead[c] = lead[c]! / scale;
    for (const [r, row] of rows.entries()) {
      if (r === col) continue;
      const factor = row[col]!;
      for (let c = col; c < 9; c++) row[c] = row[c]! - factor * lead[c]!;
    }
  }
  return rows.map((r) => r[8]!);
}

/** An Argentine DNI payload, current layout. */
export const AR_DNI_PAYLOAD = '00123456789@PEREZ GOMEZ@JUAN CARLOS@M@23456789@B@14/03/1985@20/07/2016@200';

/** A Colombian cédula payload: the fixed-width record (docs' offsets), NUL padded to 530 bytes. */
export function colombianPayload(f: {
  number: string;
  surname1: string;
  surname2: string;
  name1: string;
  name2: string;
  sex: string;
  birth: string;
  blood: string;
}): Uint8Array {
  const buf = Buffer.alloc(530, 0);
  const put = (at: number, text: string) => buf.write(text, at, 'latin1');
  put(0, '02');
  put(2, '0123456789');
  put(40, 'PubDSK_1');
  put(48, f.number.padStart(10, '0'));
  put(58, f.surname1);
  put(81, f.surname2);
  put(104, f.name1);
  put(127, f.name2);
  put(150, '0');
  put(151, f.sex);
  put(152, f.birth);
  put(160, '05');
  put(162, '001');
  put(165, '1');
  put(166, f.blood);
  return new Uint8Array(buf);
}
