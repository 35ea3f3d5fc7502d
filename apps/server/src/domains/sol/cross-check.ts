import type { CrossCheckItem, EmploymentClaim } from '@centinela/shared';
import { CROSS_CHECK_FIELDS } from '@centinela/shared';

/**
 * The claim cross-check: what the candidate stated about each job (company, position,
 * dates) against what the reference said on the call. Pure; lenient where people are (legal suffixes,
 * accents, a month either way), strict where it matters (another company, years apart).
 */

const LEGAL = /\b(s\.?\s?a\.?\s?s\.?|s\.?\s?a\.?|ltda\.?|inc\.?|llc|s\.?\s?de\s?r\.?\s?l\.?|c\.?\s?a\.?|eireli|spa)$/i;

export function normaliseName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEGAL, '')
    .replace(/[^a-z0-9 ]/g, '')
    .trim();
}

export function sameCompany(a: string, b: string): boolean {
  const x = normaliseName(a);
  const y = normaliseName(b);
  if (!x || !y) return false;
  return x === y || x.includes(y) || y.includes(x);
}

function samePosition(a: string, b: string): boolean {
  const words = (v: string) =>
    new Set(
      normaliseName(v)
        .split(' ')
        .filter((w) => w.length > 2),
    );
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return false;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.min(x.size, y.size) >= 0.5;
}

const monthIndex = (v: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(v);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null;
};

function sameMonth(a: string, b: string): boolean {
  if (a === 'present' || b === 'present') return a === b;
  const x = monthIndex(a);
  const y = monthIndex(b);
  return x !== null && y !== null && Math.abs(x - y) <= 2;
}

const COMPARE: Record<(typeof CROSS_CHECK_FIELDS)[number], (a: string, b: string) => boolean> = {
  company: sameCompany,
  position: samePosition,
  start: sameMonth,
  end: sameMonth,
};

export function crossCheck(
  references: { id: string; claimed: EmploymentClaim | null; stated: EmploymentClaim | null }[],
): CrossCheckItem[] {
  const items: CrossCheckItem[] = [];
  for (const ref of references) {
    if (!ref.claimed || !ref.stated) continue;
    for (const field of CROSS_CHECK_FIELDS) {
      const claimed = ref.claimed[field];
      const stated = ref.stated[field];
      const result =
        claimed === null || stated === null ? 'unknown' : COMPARE[field](claimed, stated) ? 'match' : 'mismatch';
      items.push({ referenceId: ref.id, field, claimed, stated, result });
    }
  }
  return items;
}
