let zone: string | null = null;

/**
 * The browser's IANA time zone ('America/Bogota'); UTC when it cannot tell. Read once per page load: the
 * first `Intl.DateTimeFormat()` of the browser's own locale loads its data, inside the navbar
 * figures' render, unless a worker loaded it first (lib/intl-warmup.ts).
 */
export function browserTimeZone(): string {
  if (zone === null) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}
