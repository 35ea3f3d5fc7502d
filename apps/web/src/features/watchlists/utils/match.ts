import type { TMatchRuling, TWatchlistMatch } from '@centinela/shared';

/**
 * A finding's record as the API stores it (a loose object), read as a watch-list match: the fields the
 * screens show, checked one by one, so an odd record shows what it has and never breaks the flyout.
 */
export function toMatch(record: Record<string, unknown>): TWatchlistMatch | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const texts = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const source = text(record.source);
  const entryId = text(record.entryId);
  const name = text(record.name);
  if (!source || !entryId || !name) return null;
  const parts = record.nameParts as { matched?: unknown; person?: unknown; listed?: unknown } | null | undefined;
  const document = record.document as { type?: unknown; number?: unknown; country?: unknown } | null | undefined;
  return {
    source: source as TWatchlistMatch['source'],
    entryId,
    reference: text(record.reference),
    url: text(record.url),
    kind: (text(record.kind) ?? 'individual') as TWatchlistMatch['kind'],
    name,
    matchedName: text(record.matchedName) ?? name,
    matchedBy: record.matchedBy === 'id' ? 'id' : 'name',
    score: typeof record.score === 'number' ? record.score : 0,
    nameScore: typeof record.nameScore === 'number' ? record.nameScore : 0,
    ...(record.weak === true && { weak: true }),
    ...(parts &&
      typeof parts.matched === 'number' &&
      typeof parts.person === 'number' &&
      typeof parts.listed === 'number' && {
        nameParts: { matched: parts.matched, person: parts.person, listed: parts.listed },
      }),
    birthDate: record.birthDate === 'agrees' || record.birthDate === 'contradicts' ? record.birthDate : 'unknown',
    birthDates: texts(record.birthDates),
    document:
      document && typeof document.number === 'string'
        ? { type: text(document.type) ?? 'other', number: document.number, country: text(document.country) }
        : null,
    ...(record.nearDocument === true && { nearDocument: true }),
    nationalities: texts(record.nationalities),
    programs: texts(record.programs),
    listedOn: text(record.listedOn),
    versionSeq: typeof record.versionSeq === 'number' ? record.versionSeq : 0,
    delistedOn: text(record.delistedOn),
  };
}

/** Only http(s) links to the publisher: a record's URL is data, never a javascript: link. */
export const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

const VERDICTS = ['homonym', 'confirmed', 'acknowledged'] as const;

type PastRuling = Omit<TMatchRuling, 'history'>;

function toPastRuling(value: unknown): PastRuling | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  const verdict = VERDICTS.find((v) => v === r.verdict);
  if (!verdict || typeof r.at !== 'string') return null;
  return {
    verdict,
    reason: typeof r.reason === 'string' ? r.reason : null,
    by: typeof r.by === 'string' ? r.by : null,
    at: r.at,
  };
}

/**
 * A finding's ruling as the API stores it, read field by field (null when there is none, or it is odd),
 * with the rulings it replaced, newest first.
 */
export function toRuling(value: unknown): TMatchRuling | null {
  const ruling = toPastRuling(value);
  if (!ruling) return null;
  const raw = (value as Record<string, unknown>).history;
  const history = Array.isArray(raw) ? raw.map(toPastRuling).filter((r): r is PastRuling => r !== null) : [];
  return history.length > 0 ? { ...ruling, history } : ruling;
}
