/**
 * The identity document report (docs/identity-verification.md, "Product wiring"): the pictures a
 * candidate, a staff member or a client system sends, the quick check the form runs on each, the checks
 * the job runs on them all, and a reviewer's decision. Reason codes are the engine's; their texts live
 * here, once, in en, es and pt, so the API and the dashboard say the same.
 */
export * from './constants.ts';
export * from './texts.ts';
export * from './consent.ts';
export * from './schemas.ts';
