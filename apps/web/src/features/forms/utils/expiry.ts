/** A new link works for 30 days unless the staff member says otherwise. */
export const DEFAULT_EXPIRY_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function defaultExpiryDate(now = new Date()): string {
  return isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + DEFAULT_EXPIRY_DAYS));
}

/** A link "until" a day works through the end of that day, in the staff member's time zone. */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}
