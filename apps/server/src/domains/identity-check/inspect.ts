/**
 * One picture, inspected whole: intake, quality, codes and their parsers, the MRZ (when no code answered),
 * faces. This is the work a pool worker does; it runs in any thread (tests call it directly).
 */
import { readCodes } from './barcode.ts';
import type { IdentityConfig } from './config.ts';
import type { DocumentFields } from './document.ts';
import { detectFaces, type Face } from './faces.ts';
import { type IntakeImage, intakeImage, pipelineOf } from './intake.ts';
import { readMrz } from './mrz-ocr.ts';
import type { MrzFormat } from './mrz-parse.ts';
import { parseArgentineDni } from './parsers/ar-dni.ts';
import { parseColombianCedula } from './parsers/co-cedula.ts';
import { pictureHash } from './picture-hash.ts';
import { measureQuality, type Quality, qualityProblems, type QualityProblem } from './quality.ts';

export type PictureKind = 'document_front' | 'document_back' | 'selfie';

export type InspectTask = {
  kind: PictureKind;
  image: Uint8Array;
  config: IdentityConfig;
  /** YYYY-MM-DD: MRZ birth years are read relative to it. */
  today: string;
  /** Read the MRZ even when a code was found (both readings → the consistency check). Default: only when no code. */
  alwaysReadMrz?: boolean;
};

export type CodeSummary = { format: string; recognised: DocumentFields['document'] | null };

export type Inspection = {
  kind: PictureKind;
  /** The working size the boxes are measured in. */
  size: { width: number; height: number };
  quality: Quality;
  problems: QualityProblem[];
  codes: CodeSummary[];
  readings: DocumentFields[];
  mrz: { format: MrzFormat; lines: string[]; corrections: number; fillers: number } | null;
  /** Difference hash of the picture (picture-hash.ts), for the wiring's "not reused" lookup. */
  pictureHash: string;
  /** Largest first. Descriptors are for the comparison only: never stored. */
  faces: Face[];
  millis: { intake: number; quality: number; codes: number; mrz: number; faces: number };
};

/**
 * Faces are looked for at most this large: the detector works at 512 px anyway and the recogniser at
 * 150 px a face, so a larger picture only costs time (a portrait on a card stays well above 150 px).
 */
const FACE_SIZE = 1024;

async function faceSized(image: IntakeImage): Promise<IntakeImage> {
  if (Math.max(image.width, image.height) <= FACE_SIZE) return image;
  const { data, info } = await pipelineOf(image)
    .resize({ width: FACE_SIZE, height: FACE_SIZE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...image, width: info.width, height: info.height, rgb: data };
}

const since = (t: number) => Math.round(performance.now() - t);

export async function inspectPicture(task: InspectTask): Promise<Inspection> {
  const { config } = task;
  let t = performance.now();
  const image = await intakeImage(task.image, config);
  const millis = { intake: since(t), quality: 0, codes: 0, mrz: 0, faces: 0 };

  t = performance.now();
  const quality = await measureQuality(image);
  const problems = qualityProblems(quality, config);
  const hash = await pictureHash(image);
  millis.quality = since(t);

  const readings: DocumentFields[] = [];
  const codes: CodeSummary[] = [];
  let mrz: Inspection['mrz'] = null;
  if (task.kind !== 'selfie') {
    t = performance.now();
    for (const code of await readCodes(image)) {
      const fields = parseArgentineDni(code.text) ?? parseColombianCedula(code.bytes);
      if (fields && code.format === 'QRCode') fields.source = 'qr';
      codes.push({ format: code.format, recognised: fields?.document ?? null });
      if (fields) readings.push(fields);
    }
    millis.codes = since(t);
    if (readings.length === 0 || task.alwaysReadMrz) {
      t = performance.now();
      const { reading } = await readMrz(image, new Date(`${task.today}T12:00:00Z`));
      if (reading) {
        readings.push(reading.fields);
        mrz = {
          format: reading.format,
          lines: reading.lines,
          corrections: reading.corrections,
          fillers: reading.fillers,
        };
      }
      millis.mrz = since(t);
    }
  }

  t = performance.now();
  const faceImage = await faceSized(image);
  const { faces } = await detectFaces(faceImage, config.faceMinConfidence);
  millis.faces = since(t);
  return {
    kind: task.kind,
    size: { width: faceImage.width, height: faceImage.height },
    quality,
    problems,
    pictureHash: hash,
    codes,
    readings,
    mrz,
    faces,
    millis,
  };
}

export type QuickProblem = QualityProblem | 'code_unreadable' | 'no_face' | 'several_faces' | 'face_too_small';

/**
 * The quick check a candidate gets before leaving the form: what to fix, if anything. The back must carry
 * a readable code or MRZ; the front its portrait (or, a passport page, its MRZ); a selfie one large face.
 */
export function quickProblems(inspection: Inspection, config: IdentityConfig): QuickProblem[] {
  const problems: QuickProblem[] = [...inspection.problems];
  const readable = inspection.readings.length > 0;
  if (inspection.kind === 'document_back' && !readable) problems.push('code_unreadable');
  if (inspection.kind === 'document_front' && !readable && inspection.faces.length === 0) problems.push('no_face');
  if (inspection.kind === 'selfie') {
    const [face] = inspection.faces;
    if (!face) problems.push('no_face');
    else if (inspection.faces.length > 1) problems.push('several_faces');
    else {
      const shortSide = Math.min(inspection.size.width, inspection.size.height);
      if (face.box.height < config.minFaceShare * shortSide) problems.push('face_too_small');
    }
  }
  // Blur matters only if it stopped the reading: a readable, slightly soft back is good enough.
  return readable ? problems.filter((p) => p !== 'too_blurry') : problems;
}
