/** Durations in milliseconds, and a date moved by one. */
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
