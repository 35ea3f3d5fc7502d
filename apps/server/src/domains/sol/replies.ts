import type { EmploymentClaim } from '@centinela/shared';

/**
 * What a candidate's WhatsApp message means. The template asks them to answer YES/NO (quick
 * reply buttons ACCEPT / DECLINE, or the words) and to send each reference on its own line:
 *   Name; phone; relationship; company; position; start (YYYY-MM); end (YYYY-MM or "now")
 */
export type ParsedReference = { name: string; phone: string; relationship: string; claimed: EmploymentClaim };
export type CandidateReply =
  | { kind: 'accept' }
  | { kind: 'decline' }
  | { kind: 'references'; references: ParsedReference[] }
  | { kind: 'unknown' };

const END = String.raw`(?=$|[\s,.!;])`;
const YES = new RegExp(`^(s[ií]|yes|acepto|accept|ok|de acuerdo|claro)${END}`, 'i');
const NO = new RegExp(`^(no|decline|rechazo|no acepto)${END}`, 'i');

/** E.164-ish: keeps a leading + and the digits. */
export function normalisePhone(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '');
  return raw.trim().startsWith('+') ? `+${digits}` : digits.length > 0 ? `+${digits}` : '';
}

const month = (raw: string | undefined): string | null => {
  const v = raw?.trim();
  if (!v) return null;
  if (/^(now|actual|actualidad|hoy|presente|present)$/i.test(v)) return 'present';
  const iso = /^(\d{4})-(\d{1,2})$/.exec(v);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, '0')}`;
  const slashed = /^(\d{1,2})\/(\d{4})$/.exec(v);
  if (slashed) return `${slashed[2]}-${slashed[1]!.padStart(2, '0')}`;
  return null;
};

export function parseReferenceLine(line: string): ParsedReference | null {
  const parts = line.split(/[;|]/).map((p) => p.trim());
  if (parts.length < 3) return null;
  const [name, phoneRaw, relationship, company, position, start, end] = parts;
  const phone = normalisePhone(phoneRaw ?? '');
  if (!name || phone.length < 8 || phone.length > 17 || !relationship) return null;
  return {
    name: name.slice(0, 200),
    phone,
    relationship: relationship.slice(0, 120),
    claimed: { company: company || null, position: position || null, start: month(start), end: month(end) },
  };
}

export function parseCandidateReply(message: { text: string | null; button: string | null }): CandidateReply {
  if (message.button === 'ACCEPT') return { kind: 'accept' };
  if (message.button === 'DECLINE') return { kind: 'decline' };
  const text = (message.text ?? '').trim();
  const references = text
    .split(/\r?\n/)
    .map(parseReferenceLine)
    .filter((r): r is ParsedReference => r !== null);
  if (references.length > 0) return { kind: 'references', references: references.slice(0, 5) };
  if (NO.test(text)) return { kind: 'decline' };
  if (YES.test(text)) return { kind: 'accept' };
  return { kind: 'unknown' };
}
