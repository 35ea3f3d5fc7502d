import type { PROFILE_STATUSES } from '../enums.ts';

/**
 * The statuses the navbar counts (SPEC §2 "navbar with metrics"), in a module without zod: the web app's
 * navbar shows them on its first paint, before any schema. metrics/schemas.ts re-exports them.
 */
export const NAVBAR_STATUSES = [
  'PENDING',
  'PENDING_MANUAL_REVIEW',
  'PASSED',
  'FAILED',
] as const satisfies readonly (typeof PROFILE_STATUSES)[number][];
export type NavbarStatus = (typeof NAVBAR_STATUSES)[number];
