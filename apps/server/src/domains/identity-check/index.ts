/** The identity engine: read a document and a selfie offline, check them, decide. */
export { createIdentityEngine, judge } from './engine.ts';
export type { IdentityEngine, QuickCheck, VerifyInput, VerifyResult } from './engine.ts';
export { DEFAULT_IDENTITY_CONFIG, identityConfig, type IdentityConfig } from './config.ts';
export { IdentityEngineError, IdentityInputError, INPUT_ERROR_STATUS } from './errors.ts';
export type { IdentityEngineErrorCode, IdentityInputErrorCode } from './errors.ts';
export type { CheckName, CheckOutcome, CheckResult, HeadTurn, PersonClaim } from './checks.ts';
export { notReusedCheck, normalizeDocumentNumber, nameScore } from './checks.ts';
export { decideIdentity, REQUIRED_CHECKS, type IdentityVerdict } from './decide.ts';
export type { DocumentFields } from './document.ts';
export type { Inspection, PictureKind, QuickProblem } from './inspect.ts';
export { hashBands, hashDistance, SAME_PICTURE_BITS } from './picture-hash.ts';
