/**
 * The list's constants, in a module without zod: the web app's list screen needs them on its first paint,
 * before any schema. profiles/schemas.ts re-exports them.
 */
export const PROFILE_SORTS = ['created_at', 'name', 'status'] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];

/** The most ids a bulk delete or export takes (a selection of ids; a filter has no limit). */
export const MAX_SELECTION = 1000;
