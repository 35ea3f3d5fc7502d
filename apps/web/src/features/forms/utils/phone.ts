import type { Country } from '@centinela/shared';

/** Calling codes of the countries served (SPEC §3): the phone must carry its prefix (SPEC §5). */
export const CALLING_CODES: Record<Exclude<Country, 'xx'>, string> = {
  ar: '54',
  br: '55',
  cl: '56',
  co: '57',
  cr: '506',
  ec: '593',
  mx: '52',
  pa: '507',
  pe: '51',
};

/** The number as the API wants it: `+<prefix><digits>`; empty when no digits were typed. */
export function joinPhone(prefix: string, number: string): string {
  const digits = number.replace(/[^\d]/g, '');
  if (!digits) return '';
  return `+${prefix}${digits}`;
}
