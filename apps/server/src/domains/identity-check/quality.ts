/**
 * Picture quality, measured the same way for every picture: sharpness as the variance of the Laplacian
 * of the grey image at a fixed size (blur flattens edges, so the variance falls), brightness as the mean
 * grey level. Both come from sharp (a 3×3 convolution and its statistics), no pixel loop here.
 */
import sharp from 'sharp';
import type { IdentityConfig } from './config.ts';
import { type IntakeImage, pipelineOf } from './intake.ts';

/** Measured at this longest side, so a large and a small picture of the same scene score alike. */
const MEASURE_SIZE = 1000;
/** The Laplacian is signed; the offset keeps it inside 0–255 so its spread survives an 8-bit image. */
const LAPLACIAN = { width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 1, offset: 128 };

export type Quality = { sharpness: number; brightness: number; width: number; height: number };

export async function measureQuality(image: IntakeImage): Promise<Quality> {
  // stats() reads its input, not the pipeline's output: each step is materialised first.
  const grey = await pipelineOf(image)
    .resize({ width: MEASURE_SIZE, height: MEASURE_SIZE, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .png({ compressionLevel: 0 })
    .toBuffer();
  const laplacian = await sharp(grey).convolve(LAPLACIAN).png({ compressionLevel: 0 }).toBuffer();
  const [{ channels: lap }, { channels: lum }] = await Promise.all([sharp(laplacian).stats(), sharp(grey).stats()]);
  const stdev = lap[0]?.stdev ?? 0;
  return {
    sharpness: Math.round(stdev * stdev * 10) / 10,
    brightness: Math.round((lum[0]?.mean ?? 0) * 10) / 10,
    width: image.original.width,
    height: image.original.height,
  };
}

export type QualityProblem = 'too_blurry' | 'too_dark' | 'too_bright';

/** What is wrong with the picture as a picture (empty when nothing is). */
export function qualityProblems(q: Quality, config: IdentityConfig): QualityProblem[] {
  const problems: QualityProblem[] = [];
  if (q.brightness < config.minBrightness) problems.push('too_dark');
  else if (q.brightness > config.maxBrightness) problems.push('too_bright');
  // A dark picture is also "flat": report the darkness, which is what the person can fix.
  if (q.sharpness < config.minSharpness && problems.length === 0) problems.push('too_blurry');
  return problems;
}
