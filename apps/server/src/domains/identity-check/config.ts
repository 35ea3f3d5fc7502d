/**
 * The engine's thresholds, in one place (docs/identity-verification.md justifies each with the distances
 * and measures of the same run). Callers may override any of them; the defaults are what the docs measured.
 */
export type IdentityConfig = {
  /** Larger images are refused before decoding (decompression bombs): width × height, in pixels. */
  maxInputPixels: number;
  /** Longest side the engine works at; larger pictures are downscaled first. */
  workingSize: number;
  /** A picture whose shorter side is below this cannot be read reliably. */
  minShortSide: number;
  /** Variance of the Laplacian (at the working size) below which a picture is too blurry. */
  minSharpness: number;
  /** Mean grey level (0–255) outside these bounds: too dark / too bright. */
  minBrightness: number;
  maxBrightness: number;
  /** Face descriptor distance (euclidean, 128-d): below `faceMatchBelow` match; from `faceNoMatchFrom` no match; review between. */
  faceMatchBelow: number;
  faceNoMatchFrom: number;
  /** Minimum detector confidence for a face to count. */
  faceMinConfidence: number;
  /** A selfie's face box must be at least this share of the picture's shorter side. */
  minFaceShare: number;
  /** Estimated yaw (degrees) a "turn your head" selfie must reach, in the asked direction. */
  livenessMinYaw: number;
  /** Names: token score from which a name matches, and below which it does not match at all. */
  nameMatchFrom: number;
  nameReviewFrom: number;
  /**
   * MRZ names (no check digit): a letter OCR read below this confidence (0–100), or a K/L/C told from a "<"
   * by less than this share of ink around mrz-grid.ts's STEM_SHARE, sends the name to a person.
   */
  nameMinConfidence: number;
  nameStemMargin: number;
  /** Age in years the person must have reached (an owner setting). */
  minimumAge: number;
  /** Worker pool: milliseconds a task may take; memory (MB) a worker may use. */
  taskTimeoutMs: number;
  workerMaxOldGenerationMb: number;
};

export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  maxInputPixels: 40_000_000,
  workingSize: 1600,
  minShortSide: 320,
  minSharpness: 25,
  minBrightness: 45,
  maxBrightness: 250,
  // Measured (docs): same person 0.34–0.47, A vs B 0.79–0.91. Match keeps a margin above the worst same-person
  // pair; no-match sits below the closest different pair; between goes to a person.
  faceMatchBelow: 0.55,
  faceNoMatchFrom: 0.7,
  faceMinConfidence: 0.5,
  minFaceShare: 0.12,
  livenessMinYaw: 15,
  nameMatchFrom: 0.95,
  nameReviewFrom: 0.5,
  // Measured (docs) over the bench's grid: every misread name letter (O read as Q 85, D 88, D 91) was below 92;
  // 6 of 74 right readings had a letter below it (OCR-B's O at 87–91). Fillers' ink share ≤ 0.42, letters' ≥ 0.73.
  nameMinConfidence: 92,
  nameStemMargin: 0.08,
  minimumAge: 18,
  taskTimeoutMs: 30_000,
  workerMaxOldGenerationMb: 768,
};

export function identityConfig(overrides: Partial<IdentityConfig> = {}): IdentityConfig {
  return { ...DEFAULT_IDENTITY_CONFIG, ...overrides };
}
