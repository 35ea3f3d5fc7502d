import type { Finding, TWatchlistMatch, WatchlistSourceId } from '@centinela/shared';
import type { WatchlistEntry } from './entry.ts';
import { distance } from 'fastest-levenshtein';
import { nameTokens } from './names.ts';
import { scoreParts } from './score.ts';

/**
 * How a person and a list entry compare: the same rules when a person is screened and when a
 * new version's entries are held against the monitored persons.
 *
 *  - Document: the same normalised number on both sides, from a compatible issuer, ties the entry to the
 *    person (matchedBy 'id'); an incompatible one leaves only the name to judge.
 *  - Name: part by part (score.ts: each word against its best partner by edit distance and a Spanish and
 *    Portuguese phonetic key; containment weak unless three words or more agree), or PostgreSQL's
 *    trigram similarity of the two order-insensitive keys (names.ts sortedNameKey: accents, case,
 *    punctuation, particles and word order do not count) when that is higher. A weak alias scores below
 *    the entry's own names (WEAK_ALIAS).
 *  - Date of birth: one that falls in the entry's published dates raises the score a little; one that
 *    contradicts them lowers it enough to take a mere namesake below the threshold. It never hides an
 *    exact name (keepMatches): a listed person who gives a false date is still a finding, its record
 *    saying the date contradicts the list.
 */
export const BIRTH_AGREES_BONUS = 0.05;
export const BIRTH_CONTRADICTS_PENALTY = 0.2;

/**
 * A name score this high is the listed name itself, not a namesake: the same key (1), or every word but
 * one of five or more (containment 0.97). Two words of three (0.95) or one typo (trigrams ≈ 0.8) stay
 * fuzzy, and a contradicting date may still take them below the threshold.
 */
export const EXACT_NAME = 0.97;

/**
 * A weak alias (OFAC's Remarks a.k.a. — its strong ones are in a file Centinela does not load — and UN's
 * low-quality aliases) typed exactly scores this: a finding at the default threshold, below any strong
 * name; anything less than exact loses WEAK_ALIAS_PENALTY and stays below the threshold.
 */
export const WEAK_ALIAS = 0.86;

/**
 * A name this close, beside a document one character away from the listed one, is a finding for review:
 * "AIMO681106HCHRRS0" typed for the listed C.U.R.P. "AIMO681106HCHRRS01", with "Oscar Arriola" for
 * "ARRIOLA MARQUEZ, Oscar Arturo" (a given name and a surname: 0.78), is that person mistyped, not a
 * stranger. A name that shares one word of four is not enough.
 */
export const NEAR_DOCUMENT_NAME = 0.6;
export const WEAK_ALIAS_PENALTY = 0.15;

/** Whether the name that matched is one of the entry's weak aliases. */
export function isWeakAlias(entry: WatchlistEntry, matchedName: string): boolean {
  if (matchedName === entry.name) return false;
  const alias = entry.aliases.find((a) => a.name === matchedName);
  if (!alias) return false;
  return alias.kind === 'low' || entry.source === 'ofac-sdn';
}

export type Candidate = {
  entry: WatchlistEntry;
  /** The entry's version seq the match is found in. */
  versionSeq: number;
  /** The entry name (primary or alias) that matched, as published. */
  matchedName: string;
  /** similarity() of the two sorted keys, from PostgreSQL. */
  trigram: number;
  /** The document number both sides share, when they do. */
  document: string | null;
  /** The person's normalised document number, to find a listed one a single typo away. */
  personDocument?: string | null;
};

export type Person = {
  name: string;
  birthDate: string | null;
  /** The person's country and document type (a document's issuer must be compatible with them). */
  country?: string | null;
  documentType?: string | null;
  /** The name's words are known, not their order (monitoring's enrolments keep them sorted). */
  orderless?: boolean;
};

/**
 * A shared number ties an entry to the person only when the document's issuer is compatible: unknown on
 * either side, a passport or foreign id (issued anywhere), or else the person's own country.
 */
export function compatibleIssuer(document: { country?: string }, person: Person): boolean {
  if (!document.country || !person.country || person.country === 'xx') return true;
  if (person.documentType === 'passport' || person.documentType === 'foreign_id') return true;
  return document.country === person.country.toUpperCase();
}

export function birthAgreement(entry: WatchlistEntry, birthDate: string | null): TWatchlistMatch['birthDate'] {
  if (!birthDate || entry.birthDates.length === 0) return 'unknown';
  return entry.birthDates.some((d) => d.from <= birthDate && birthDate <= d.to) ? 'agrees' : 'contradicts';
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The match a candidate makes, scored; the caller keeps it when it is tied by document or scores at least the threshold. */
export function scoreCandidate(person: Person, c: Candidate): TWatchlistMatch {
  const individual = c.entry.kind === 'individual';
  const listed = nameTokens(c.matchedName, { individual });
  // "SURNAMES, Given" puts the maternal surname last; a name with no comma may be SAT's "PATERNAL MATERNAL Given".
  const comma = c.matchedName.split(',').length === 2;
  const surnameCount = comma ? nameTokens(c.matchedName.split(',')[0]!, { individual: false }).length : 0;
  const parts = scoreParts(nameTokens(person.name), listed, {
    maternal: comma ? [listed.length - 1] : [1, listed.length - 1],
    surnames:
      person.orderless || surnameCount < 2 || surnameCount >= listed.length
        ? []
        : Array.from({ length: surnameCount }, (_, k) => listed.length - surnameCount + k),
  });
  const weak = isWeakAlias(c.entry, c.matchedName);
  const strong = Math.max(c.trigram, parts.score);
  const nameScore = weak ? (strong >= 1 ? WEAK_ALIAS : strong - WEAK_ALIAS_PENALTY) : strong;
  const birthDate = birthAgreement(c.entry, person.birthDate);
  const moved =
    nameScore +
    (birthDate === 'agrees' ? BIRTH_AGREES_BONUS : 0) -
    (birthDate === 'contradicts' ? BIRTH_CONTRADICTS_PENALTY : 0);
  const document = c.document
    ? (c.entry.documents.find((d) => d.number === c.document && compatibleIssuer(d, person)) ?? null)
    : null;
  const near =
    !document && c.personDocument && c.personDocument.length >= 5
      ? (c.entry.documents.find(
          (d) =>
            d.number.length >= 5 &&
            d.number !== c.personDocument &&
            distance(d.number, c.personDocument!) === 1 &&
            compatibleIssuer(d, person),
        ) ?? null)
      : null;
  const shown = document ?? near;
  return {
    source: c.entry.source as WatchlistSourceId,
    entryId: c.entry.id,
    reference: c.entry.reference ?? null,
    url: c.entry.url,
    kind: c.entry.kind,
    name: c.entry.name,
    matchedName: c.matchedName,
    matchedBy: document ? 'id' : 'name',
    score: document ? 1 : round(Math.min(1, Math.max(0, moved))),
    nameScore: round(nameScore),
    ...(weak && { weak }),
    nameParts: { matched: parts.matched, person: parts.person, listed: parts.listed },
    birthDate,
    birthDates: c.entry.birthDates.map((d) => d.raw),
    document: shown && { type: shown.type, number: shown.raw, country: shown.country ?? null },
    ...(near && { nearDocument: true }),
    nationalities: [...new Set([...c.entry.nationalities, ...c.entry.citizenships].map((n) => n.code ?? n.raw))],
    programs: c.entry.programs,
    listedOn: c.entry.listedOn ?? null,
    versionSeq: c.versionSeq,
  };
}

/**
 * Whether a name match is a finding: its score at the threshold, a name that matches beside a document a
 * single typo from the listed one (NEAR_DOCUMENT_NAME), or an exact name (EXACT_NAME, and at the
 * threshold on its own) whose score only a contradicting birth date took below it — a date anyone can
 * misstate is not enough to clear the listed name.
 */
function reachesReview(m: TWatchlistMatch, threshold: number): boolean {
  if (m.score >= threshold) return true;
  if (m.nearDocument && m.nameScore >= NEAR_DOCUMENT_NAME) return true;
  return m.birthDate === 'contradicts' && m.nameScore >= Math.max(threshold, EXACT_NAME);
}

/** Keeps the best match per entry, those tied by document or that reach review, best first. */
export function keepMatches(
  matches: readonly TWatchlistMatch[],
  threshold: number,
  dismissed: ReadonlySet<string> = new Set(),
): TWatchlistMatch[] {
  const best = new Map<string, TWatchlistMatch>();
  for (const m of matches) {
    const key = `${m.source}:${m.entryId}`;
    if (dismissed.has(key)) continue;
    if (m.matchedBy === 'name' && !reachesReview(m, threshold)) continue;
    const kept = best.get(key);
    if (!kept || (m.matchedBy === 'id' && kept.matchedBy === 'name') || m.score > kept.score) best.set(key, m);
  }
  return [...best.values()].sort((a, b) =>
    a.matchedBy === b.matchedBy ? b.score - a.score : a.matchedBy === 'id' ? -1 : 1,
  );
}

/** The list names as a finding's `source` shows them (proper names, not translated). */
export const SOURCE_LABELS: Record<WatchlistSourceId, string> = {
  'ofac-sdn': 'OFAC SDN',
  'un-sc': 'UN Security Council',
  'sat-69b': 'SAT 69-B',
};

/** SAT's taxpayers who rebutted the presumption or won in court are not on the blacklist any more: informational. */
const CLEARED = new Set(['desvirtuado', 'sentencia_favorable']);

/** A match as the watch-list report's finding (its record is the whole match: the reviewer sees why). */
export function findingOf(match: TWatchlistMatch, entry?: Pick<WatchlistEntry, 'situations'>): Finding {
  const situation = entry?.situations?.at(-1)?.situation;
  return {
    kind: 'watchlist_entry',
    matchedBy: match.matchedBy,
    severity: situation && CLEARED.has(situation) ? 'info' : 'adverse',
    summary: `${match.name}${match.programs.length > 0 ? ` — ${match.programs.join(', ')}` : ''}`,
    source: SOURCE_LABELS[match.source],
    date: match.listedOn,
    record: { ...match, ...(situation && { situation }) },
  };
}
