/**
 * A picture's fingerprint for the "not reused" check (the same picture sent for two persons): a 64-bit
 * difference hash — the grey picture at 9 × 8, one bit per pair of neighbours, set where the left one is
 * brighter. Re-encoding, resizing and mild blur keep it within a few bits; another photo differs by ~half.
 */
import type { IntakeImage } from './intake.ts';
import { pipelineOf } from './intake.ts';

export async function pictureHash(image: IntakeImage): Promise<string> {
  const grey = await pipelineOf(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (grey[y * 9 + x]! > grey[y * 9 + x + 1]! ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two hashes (0–64); `SAME_PICTURE_BITS` or fewer: the same picture. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

export const SAME_PICTURE_BITS = 6;

/**
 * The hash cut in eight bands of eight bits, each tagged with its place (band × 256 + its byte): two
 * hashes within SAME_PICTURE_BITS (6) of each other differ in at most six bands, so they share at least
 * two. The database indexes these (GIN), and the "not reused" lookup asks only for pictures sharing a band,
 * then measures those.
 */
export function hashBands(hash: string): number[] {
  return Array.from({ length: 8 }, (_, i) => i * 256 + Number.parseInt(hash.slice(2 * i, 2 * i + 2), 16));
}
