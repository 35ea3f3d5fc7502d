/**
 * The identity engine's one entry point for the product wiring (docs/identity-verification.md, "Interface").
 *
 *   const engine = createIdentityEngine({ maxThreads: 1 });
 *   const quick = await engine.quickCheck(bytes, 'document_back');    // form: retake or go on
 *   const result = await engine.verify({ front, back, selfie, person }); // job runner: the report
 *   await engine.close();
 *
 * Pictures are decoded and read in the worker pool; the checks and the verdict are pure and run here.
 * Throws IdentityInputError (→ 4xx) for a picture that is not an acceptable image, IdentityEngineError
 * when a worker crashed or overran (the job retries; nothing is charged twice by the engine).
 */
import {
  ageCheck,
  type CheckResult,
  consistentCheck,
  faceCheck,
  type HeadTurn,
  livenessCheck,
  nameLegibleCheck,
  type PersonClaim,
  personChecks,
  readableCheck,
  validCheck,
} from './checks.ts';
import { type IdentityConfig, identityConfig } from './config.ts';
import { decideIdentity, type IdentityVerdict } from './decide.ts';
import type { DocumentFields } from './document.ts';
import type { Inspection, PictureKind, QuickProblem } from './inspect.ts';
import { quickProblems } from './inspect.ts';
import { createInspectionPool, type InspectionPool } from './pool.ts';

export type QuickCheck = { ok: boolean; problems: QuickProblem[]; faces: number; readable: boolean };

export type VerifyInput = {
  /** The document's front (portrait side) and back (code side); a passport's data page goes as `front`. */
  front: Uint8Array;
  back?: Uint8Array | null;
  selfie: Uint8Array;
  /** The active challenge: a second selfie with the head turned `asked`. */
  turnedSelfie?: { image: Uint8Array; asked: HeadTurn; mirrored?: boolean } | null;
  person: PersonClaim;
  /** The owner's minimum age; default from the config (18). */
  minimumAge?: number;
  /** The wiring's lookup for the "not reused" check, when it has run one. */
  reuse?: CheckResult | null;
  /** YYYY-MM-DD; default today (UTC). */
  today?: string;
};

/** What the report keeps: fields read, checks, verdict. No descriptor leaves the engine (only the distance). */
export type VerifyResult = {
  status: IdentityVerdict;
  checks: CheckResult[];
  /** The reasons behind the status (the failed checks, or those for a person). */
  reasons: CheckResult[];
  /** Every reading of the document, barcode and MRZ alike. */
  readings: DocumentFields[];
  pictures: {
    kind: PictureKind | 'turned_selfie';
    faces: number;
    problems: QuickProblem[];
    /** The picture's difference hash, for the wiring's "not reused" lookup. */
    pictureHash: string;
    millis: Inspection['millis'];
  }[];
};

export type IdentityEngine = {
  quickCheck(image: Uint8Array, kind: PictureKind): Promise<QuickCheck>;
  inspect(image: Uint8Array, kind: PictureKind, options?: { alwaysReadMrz?: boolean }): Promise<Inspection>;
  verify(input: VerifyInput): Promise<VerifyResult>;
  close(): Promise<void>;
  readonly config: IdentityConfig;
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The checks and verdict from inspections already made (pure; the engine's `verify` and tests use it). */
export function judge(
  inspections: { front: Inspection; back?: Inspection | null; selfie: Inspection; turned?: Inspection | null },
  input: Pick<VerifyInput, 'person' | 'minimumAge' | 'reuse' | 'turnedSelfie'>,
  config: IdentityConfig,
  today: string,
): Pick<VerifyResult, 'status' | 'checks' | 'reasons' | 'readings'> {
  const sides = [inspections.front, inspections.back].filter((i): i is Inspection => !!i);
  const readings = sides.flatMap((s) => s.readings);
  const checks: CheckResult[] = [
    readableCheck(
      readings,
      sides.flatMap((s) => quickProblems(s, config)),
    ),
  ];
  const [primary] = readings;
  if (primary) {
    for (const reading of readings) checks.push(validCheck(reading, today));
    const consistent = consistentCheck(readings);
    if (consistent) checks.push(consistent);
    checks.push(...personChecks(primary, input.person, config));
    const legible = nameLegibleCheck(readings, config);
    if (legible) checks.push(legible);
    checks.push(ageCheck(primary.birthDate, today, input.minimumAge ?? config.minimumAge));
  }
  if (input.reuse) checks.push(input.reuse);
  // The portrait is on the front (cards, a passport's page); a card with it on the back is looked at too.
  const portrait = inspections.front.faces.length > 0 ? inspections.front.faces : (inspections.back?.faces ?? []);
  checks.push(faceCheck(portrait, inspections.selfie.faces, config));
  if (inspections.turned && input.turnedSelfie) {
    checks.push(
      livenessCheck(
        inspections.selfie.faces,
        inspections.turned.faces,
        input.turnedSelfie.asked,
        config,
        input.turnedSelfie.mirrored,
      ),
    );
  }
  const { status, reasons } = decideIdentity(checks);
  return { status, checks, reasons, readings };
}

export function createIdentityEngine(
  options: {
    config?: Partial<IdentityConfig>;
    maxThreads?: number;
    pool?: InspectionPool;
    onWorkerError?: (error: unknown) => void;
  } = {},
): IdentityEngine {
  const config = identityConfig(options.config);
  const pool =
    options.pool ??
    createInspectionPool({ maxThreads: options.maxThreads, config, onWorkerError: options.onWorkerError });
  const inspect = (image: Uint8Array, kind: PictureKind, extra: { alwaysReadMrz?: boolean } = {}) =>
    pool.inspect({ kind, image, config, today: todayUtc(), ...extra });
  return {
    config,
    inspect,
    async quickCheck(image, kind) {
      const inspection = await inspect(image, kind);
      const problems = quickProblems(inspection, config);
      return {
        ok: problems.length === 0,
        problems,
        faces: inspection.faces.length,
        readable: inspection.readings.length > 0,
      };
    },
    async verify(input) {
      const today = input.today ?? todayUtc();
      const [front, back, selfie, turned] = await Promise.all([
        inspect(input.front, 'document_front', { alwaysReadMrz: true }),
        input.back ? inspect(input.back, 'document_back', { alwaysReadMrz: true }) : null,
        inspect(input.selfie, 'selfie'),
        input.turnedSelfie ? inspect(input.turnedSelfie.image, 'selfie') : null,
      ]);
      const judged = judge({ front, back, selfie, turned }, input, config, today);
      const pictures: VerifyResult['pictures'] = [
        { kind: 'document_front', inspection: front },
        { kind: 'document_back', inspection: back },
        { kind: 'selfie', inspection: selfie },
        { kind: 'turned_selfie', inspection: turned },
      ]
        .filter((p): p is { kind: PictureKind | 'turned_selfie'; inspection: Inspection } => !!p.inspection)
        .map(({ kind, inspection }) => ({
          kind,
          faces: inspection.faces.length,
          problems: quickProblems(inspection, config),
          pictureHash: inspection.pictureHash,
          millis: inspection.millis,
        }));
      return { ...judged, pictures };
    },
    close: () => pool.close(),
  };
}
