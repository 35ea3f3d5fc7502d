import type { Locale } from '../enums.ts';
import { formatPublishedDay } from '../watchlists/published-day.ts';
import { isSourceNote, type Finding } from './finding.ts';

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

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** A report about a document that fails its own format or check digit: never a clean result. */
const INVALID_DOCUMENT: Record<Locale, string> = {
  en: 'The document number fails its own format or check digit: not a clean result. Check the number with the person.',
  es: 'El número de documento no cumple su formato o dígito de verificación: no es un resultado limpio. Verifique el número con la persona.',
  pt: 'O número do documento não cumpre seu formato ou dígito verificador: não é um resultado limpo. Confirme o número com a pessoa.',
};

const OLDER_THAN: Record<Locale, (source: string, days: number) => string> = {
  en: (source, days) => `${source}: list data older than ${days} days`,
  es: (source, days) => `${source}: los datos de la lista tienen más de ${days} días`,
  pt: (source, days) => `${source}: os dados da lista têm mais de ${days} dias`,
};

type StaleWords = { clean: string; data: string; undated: string; older: (days: number) => string };
/** A stale list's note, in each language: the stored summary is the worker's English. */
const STALE_LIST: Record<Locale, StaleWords> = {
  en: {
    clean: 'clean against data from',
    data: 'list data from',
    undated: 'the file carries no date of its own',
    older: (days) => `older than ${days} days`,
  },
  es: {
    clean: 'sin coincidencias en datos del',
    data: 'datos de la lista del',
    undated: 'el archivo no trae fecha propia',
    older: (days) => `con más de ${days} días`,
  },
  pt: {
    clean: 'sem correspondências nos dados de',
    data: 'dados da lista de',
    undated: 'o arquivo não traz data própria',
    older: (days) => `com mais de ${days} dias`,
  },
};
const UNDATED_DATA: Record<Locale, { clean: string; data: string }> = {
  en: { clean: 'clean against data with no date of its own', data: 'list data with no date of its own' },
  es: { clean: 'sin coincidencias en datos sin fecha propia', data: 'datos de la lista sin fecha propia' },
  pt: { clean: 'sem correspondências em dados sem data própria', data: 'dados da lista sem data própria' },
};

/**
 * A stale list's note: with no match on that list, the person is clean against the data of its date (not
 * a finding); the date is a calendar day in the reader's language, the same in every time zone; a file
 * with no date of its own says so.
 */
function staleSummary(source: string, record: Record<string, unknown>, days: number, locale: Locale): string {
  // A note that names no data date at all (written before notes carried one): its age alone.
  if (!('dataAsOf' in record)) return OLDER_THAN[locale](source, days);
  const words = STALE_LIST[locale];
  const clean = record.clean !== false;
  const asOf = text(record.dataAsOf);
  const when = asOf
    ? `${clean ? words.clean : words.data} ${formatPublishedDay(asOf.slice(0, 10), locale, { dateStyle: 'medium' })}${record.undated === true ? ` (${words.undated})` : ''}`
    : UNDATED_DATA[locale][clean ? 'clean' : 'data'];
  return `${source}: ${when}, ${words.older(days)}`;
}

/**
 * What a finding says, in the reader's language where the words are the product's own (a note about the
 * source); a record's summary is what the source published, a name and its programs, shown as it came.
 */
export function findingSummary(raw: Record<string, unknown>, locale: Locale): string {
  const record = raw.record && typeof raw.record === 'object' ? (raw.record as Record<string, unknown>) : {};
  if (raw.kind === 'list_data_stale' && typeof record.maxAgeDays === 'number')
    return staleSummary(text(raw.source) ?? '', record, record.maxAgeDays, locale);
  if (raw.kind === 'document_invalid') return INVALID_DOCUMENT[locale];
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
