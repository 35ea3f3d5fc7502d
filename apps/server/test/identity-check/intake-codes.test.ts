import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readCodes } from '../../src/domains/identity-check/barcode.ts';
import { identityConfig } from '../../src/domains/identity-check/config.ts';
import { IdentityInputError } from '../../src/domains/identity-check/errors.ts';
import { intakeImage } from '../../src/domains/identity-check/intake.ts';
import { parseArgentineDni } from '../../src/domains/identity-check/parsers/ar-dni.ts';
import { parseColombianCedula } from '../../src/domains/identity-check/parsers/co-cedula.ts';
import { hashDistance, pictureHash, SAME_PICTURE_BITS } from '../../src/domains/identity-check/picture-hash.ts';
import { measureQuality, qualityProblems } from '../../src/domains/identity-check/quality.ts';
import { AR_DNI_PAYLOAD, colombianPayload, face, pdf417Picture, spoil } from './documents.ts';

const config = identityConfig();
const codeError = async (input: Uint8Array) => {
  const error = await intakeImage(input, config).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(IdentityInputError);
  return (error as IdentityInputError).code;
};

/**
 * A decompression bomb as it arrives: a small, valid PNG whose header claims width × height (CRC fixed),
 * so decoding it would ask for width × height × 3 bytes.
 */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // Signature (8), IHDR length (4), "IHDR" (4), width, height…; the CRC covers "IHDR" and its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('image intake', () => {
  it('refuses a PDF, random bytes, an empty buffer, a GIF and a 100-megapixel PNG with typed errors', async () => {
    expect(await codeError(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'))).toBe('unsupported_format');
    expect(await codeError(randomBytes(4096))).toBe('not_an_image');
    expect(await codeError(Buffer.alloc(0))).toBe('empty_image');
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await codeError(gif)).toBe('unsupported_format');
    expect(await codeError(await pngBomb(10_000, 10_000))).toBe('image_too_large');
    const tiny = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await codeError(tiny)).toBe('image_too_small');
  });

  it('applies EXIF rotation and downscales to the working size', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await intakeImage(wide, config);
    expect(image.original).toEqual({ width: 1000, height: 3000 });
    expect(Math.max(image.width, image.height)).toBe(config.workingSize);
    expect(image.height).toBeGreaterThan(image.width);
  });

  it('measures blur and darkness so a quick check can say which', async () => {
    const sharpQuality = await measureQuality(await intakeImage(face('obama'), config));
    expect(qualityProblems(sharpQuality, config)).toEqual([]);
    const blurred = await measureQuality(await intakeImage(await spoil(face('obama'), { blur: 6 }), config));
    expect(blurred.sharpness).toBeLessThan(sharpQuality.sharpness);
    expect(qualityProblems(blurred, config)).toEqual(['too_blurry']);
    const dark = await measureQuality(await intakeImage(await spoil(face('obama'), { darken: 0.15 }), config));
    expect(qualityProblems(dark, config)).toEqual(['too_dark']);
  });
});

describe('picture hash (the "not reused" lookup)', () => {
  it('the same picture re-encoded and resized stays close; another photo does not', async () => {
    const hashOf = async (picture: Buffer) => pictureHash(await intakeImage(picture, config));
    const original = await hashOf(face('obama'));
    const resent = await hashOf(await sharp(face('obama')).resize({ width: 600 }).jpeg({ quality: 50 }).toBuffer());
    expect(hashDistance(original, resent)).toBeLessThanOrEqual(SAME_PICTURE_BITS);
    expect(hashDistance(original, await hashOf(face('obama2')))).toBeGreaterThan(SAME_PICTURE_BITS);
  });
});

describe('PDF417 codes', () => {
  it('writes an Argentine DNI payload, reads it back and parses it', async () => {
    const codes = await readCodes(await intakeImage(await pdf417Picture(AR_DNI_PAYLOAD), config));
    expect(codes.map((c) => c.format)).toEqual(['PDF417']);
    expect(parseArgentineDni(codes[0]!.text)).toMatchObject({
      document: 'ar_dni',
      documentNumber: '23456789',
      surnames: 'PEREZ GOMEZ',
      givenNames: 'JUAN CARLOS',
      sex: 'M',
      birthDate: '1985-03-14',
      issueDate: '2016-07-20',
      extra: { ejemplar: 'B', tramite: '00123456789' },
    });
  });

  it('reads the code through blur, rotation, an angle and JPEG compression', async () => {
    const picture = await pdf417Picture(AR_DNI_PAYLOAD);
    const angles = [{ perspective: { far: 'left', by: 0.2 } }, { perspective: { far: 'top', by: 0.3 } }] as const;
    for (const s of [{ blur: 1 }, { rotate: 4 }, ...angles, { jpegQuality: 40 }]) {
      const codes = await readCodes(await intakeImage(await spoil(picture, s), config));
      expect(codes[0]?.text, JSON.stringify(s)).toBe(AR_DNI_PAYLOAD);
    }
  });

  it('parses the older Argentine layout and refuses what is neither', () => {
    const older = '@23456789    @A@1@PEREZ@JUAN@ARGENTINA@14/03/1985@M@20/07/2010@00123456789@7003@20/07/2025@000@@';
    expect(parseArgentineDni(older)).toMatchObject({
      documentNumber: '23456789',
      surnames: 'PEREZ',
      sex: 'M',
      birthDate: '1985-03-14',
      expiryDate: '2025-07-20',
    });
    expect(parseArgentineDni('https://example.org/verify?id=1')).toBeNull();
    expect(parseArgentineDni('0012@PEREZ@JUAN@M@23456789@A@31/02/1985@20/07/2016')?.birthDate).toBeNull();
  });

  it('reads a Colombian cédula record written as bytes (fixed offsets, latin-1, NUL padding)', async () => {
    const payload = colombianPayload({
      number: '1020304050',
      surname1: 'GÓMEZ',
      surname2: 'PEÑA',
      name1: 'ANA',
      name2: 'MARÍA',
      sex: 'F',
      birth: '19920704',
      blood: 'O+',
    });
    const codes = await readCodes(await intakeImage(await pdf417Picture(payload), config));
    expect(codes).toHaveLength(1);
    expect(parseColombianCedula(codes[0]!.bytes)).toMatchObject({
      document: 'co_cedula',
      country: 'COL',
      documentNumber: '1020304050',
      surnames: 'GÓMEZ PEÑA',
      givenNames: 'ANA MARÍA',
      sex: 'F',
      birthDate: '1992-07-04',
      extra: { bloodType: 'O+' },
    });
  });
});
