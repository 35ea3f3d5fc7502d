/**
 * Calls go out at sensible local hours in the reference's country: its time zone comes from
 * the phone's country calling code. Pure, so it is unit-tested with fixed instants.
 */
const ZONES: [prefix: string, zone: string, country: string][] = [
  ['+54', 'America/Argentina/Buenos_Aires', 'ar'],
  ['+55', 'America/Sao_Paulo', 'br'],
  ['+56', 'America/Santiago', 'cl'],
  ['+57', 'America/Bogota', 'co'],
  ['+506', 'America/Costa_Rica', 'cr'],
  ['+593', 'America/Guayaquil', 'ec'],
  ['+52', 'America/Mexico_City', 'mx'],
  ['+507', 'America/Panama', 'pa'],
  ['+51', 'America/Lima', 'pe'],
  ['+1', 'America/New_York', 'us'],
  ['+34', 'Europe/Madrid', 'es'],
  ['+44', 'Europe/London', 'gb'],
];

/** The country and time zone of a phone number (longest calling code first); Bogotá when unknown. */
export function zoneOfPhone(phone: string): { zone: string; country: string | null } {
  const match = [...ZONES].sort((a, b) => b[0].length - a[0].length).find(([prefix]) => phone.startsWith(prefix));
  return match ? { zone: match[1], country: match[2] } : { zone: 'America/Bogota', country: null };
}

function localParts(at: Date, zone: string): { hour: number; minute: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '0';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { hour: Number(get('hour')), minute: Number(get('minute')), weekday };
}

export type CallHours = { from: number; to: number };

/** Whether `at` is inside the calling window (from ≤ local hour < to, Monday to Saturday). */
export function isCallableAt(at: Date, zone: string, hours: CallHours): boolean {
  const { hour, weekday } = localParts(at, zone);
  return weekday !== 0 && hour >= hours.from && hour < hours.to;
}

/** The first instant at or after `at` inside the calling window (searched in 15-minute steps, at most 3 days ahead). */
export function nextCallTime(at: Date, zone: string, hours: CallHours): Date {
  let t = new Date(at);
  for (let i = 0; i < 4 * 24 * 3; i++) {
    if (isCallableAt(t, zone, hours)) return t;
    const { minute } = localParts(t, zone);
    t = new Date(t.getTime() + (15 - (minute % 15)) * 60_000);
    t.setUTCSeconds(0, 0);
  }
  return at;
}
