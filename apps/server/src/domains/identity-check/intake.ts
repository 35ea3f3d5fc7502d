/**
 * Image intake: decide from the header alone whether a buffer is a picture we accept, then decode it once,
 * upright (EXIF rotation applied) and no larger than the working size. Nothing is decoded before the
 * pixel count is known, so a decompression bomb costs a header read.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IdentityInputError } from './errors.ts';

/** sharp's names for the formats a phone or a desktop sends: JPEG, PNG, WebP, HEIC/AVIF (HEIF container). */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'heif']);

export type IntakeOptions = { maxInputPixels: number; workingSize: number; minShortSide: number };

/** A decoded picture: RGB pixels, upright, at the working size, plus what the original was. */
export type IntakeImage = {
  format: string;
  /** Size of the original, after EXIF rotation. */
  original: { width: number; height: number };
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row after row. */
  rgb: Buffer;
};

const PDF_MAGIC = Buffer.from('%PDF-');

export async function intakeImage(input: Uint8Array, options: IntakeOptions): Promise<IntakeImage> {
  if (input.byteLength === 0) throw new IdentityInputError('empty_image');
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buffer.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new IdentityInputError('unsupported_format', 'pdf');
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new IdentityInputError('not_an_image');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new IdentityInputError('unsupported_format', meta.format);
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > options.maxInputPixels) {
    throw new IdentityInputError('image_too_large', `${width}×${height}`);
  }
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [height, width] : [width, height];
  if (Math.min(w, h) < options.minShortSide) throw new IdentityInputError('image_too_small', `${w}×${h}`);
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: options.maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: options.workingSize, height: options.workingSize, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      format: meta.format,
      original: { width: w, height: h },
      width: info.width,
      height: info.height,
      rgb: data,
    };
  } catch (error) {
    // A header that promised an image whose body does not decode (truncated, corrupt, HEIC without its codec).
    throw new IdentityInputError('not_an_image', error instanceof Error ? error.message : undefined);
  }
}

/** The decoded picture as a sharp pipeline again (for crops, grey levels, encodings). */
export function pipelineOf(image: Pick<IntakeImage, 'rgb' | 'width' | 'height'>): Sharp {
  return sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } });
}
