/**
 * Barcodes (PDF417 and QR) with zxing-wasm's reader. Its WebAssembly is read from the installed package
 * file and handed over as `wasmBinary`: the package's default would fetch it from a CDN.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { IntakeImage } from './intake.ts';

const require = createRequire(import.meta.url);
let prepared = false;

/** Loads the reader's wasm from node_modules, once per thread. */
export function prepareBarcodeReader(): void {
  if (prepared) return;
  const wasmBinary = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: {
      wasmBinary: wasmBinary.buffer.slice(
        wasmBinary.byteOffset,
        wasmBinary.byteOffset + wasmBinary.byteLength,
      ) as ArrayBuffer,
    },
  });
  prepared = true;
}

export type BarcodeFormat = 'PDF417' | 'QRCode';
export type Barcode = {
  format: BarcodeFormat;
  /** The payload as text (zxing's decoding of the bytes). */
  text: string;
  /** The raw bytes (the Colombian cédula's payload is latin-1 with NULs, best read from bytes). */
  bytes: Uint8Array;
};

/** Every PDF417 and QR code found on the picture (rotated and inverted ones too). */
export async function readCodes(image: Pick<IntakeImage, 'rgb' | 'width' | 'height'>): Promise<Barcode[]> {
  prepareBarcodeReader();
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.rgb.length; i += 3, j += 4) {
    rgba[j] = image.rgb[i]!;
    rgba[j + 1] = image.rgb[i + 1]!;
    rgba[j + 2] = image.rgb[i + 2]!;
    rgba[j + 3] = 255;
  }
  const results = await readBarcodes(
    { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' },
    { formats: ['PDF417', 'QRCode'], tryHarder: true, tryRotate: true, tryInvert: true, maxNumberOfSymbols: 4 },
  );
  return results
    .filter((r) => r.isValid && (r.format === 'PDF417' || r.format === 'QRCode'))
    .map((r) => ({ format: r.format as BarcodeFormat, text: r.text, bytes: r.bytes }));
}
