import type { Locale } from '../enums.ts';
import type { Finding } from './status.ts';

/**
 * A finding as a person reads it: the flyout and the candidate's page. The API stores findings as loose
 * records (what the source returned), so this narrows one to the fields shown; odd fields are dropped.
 */
export type ShownFinding = Pick<Finding, 'matchedBy' | 'severity' | 'summary' | 'source' | 'date'> & {
  crimeCategory: string | null;
  sentencingStatus: string | null;
  /** A note about the source (e.g. its list data was stale), not a record of the person: no match to show. */
  note: boolean;
};

/** Finding kinds that say something about the source rather than the person (watch lists' stale data). */
const SOURCE_NOTE_KINDS: readonly unknown[] = ['list_data_stale'];

/**
 * A finding that is a note about the source, not a record of the person. Such notes carry `matchedBy: 'id'`
 * so they never ask for a homonym review; whoever shows a finding asks this before naming a match.
 */
export const isSourceNote = (finding: { kind?: unknown }) => SOURCE_NOTE_KINDS.includes(finding.kind);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** A stale list's note, in each language: the stored summary is the worker's English. */
const STALE_LIST: Record<Locale, (source: string, days: number) => string> = {
  en: (source, days) => `${source}: list data older than ${days} days`,
  es: (source, days) => `${source}: los datos de la lista tienen más de ${days} días`,
  pt: (source, days) => `${source}: os dados da lista têm mais de ${days} dias`,
};

/**
 * What a finding says, in the reader's language where the words are the product's own (a note about the
 * source); a record's summary is what the source published, a name and its programs, shown as it came.
 */
export function findingSummary(raw: Record<string, unknown>, locale: Locale): string {
  const record = raw.record && typeof raw.record === 'object' ? (raw.record as Record<string, unknown>) : {};
  if (raw.kind === 'list_data_stale' && typeof record.maxAgeDays === 'number')
    return STALE_LIST[locale](text(raw.source) ?? '', record.maxAgeDays);
  return text(raw.summary) ?? '';
}

/** Without a locale the stored summary is kept (a caller that translates later). */
export function toShownFinding(raw: Record<string, unknown>, locale?: Locale): ShownFinding {
  return {
    // Anything not tied to the document is treated as a possible homonym: the cautious reading.
    matchedBy: raw.matchedBy === 'id' ? 'id' : 'name',
    severity: raw.severity === 'adverse' ? 'adverse' : 'info',
    summary: locale ? findingSummary(raw, locale) : (text(raw.summary) ?? ''),
    source: text(raw.source) ?? '',
    date: text(raw.date),
    crimeCategory: text(raw.crimeCategory),
    sentencingStatus: text(raw.sentencingStatus),
    note: isSourceNote(raw),
  };
}
