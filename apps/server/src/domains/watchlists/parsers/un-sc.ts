import { countryCode } from '../countries.ts';
import { daySpan, parsePartialDate, yearRange, yearSpan } from '../dates.ts';
import { toDocument } from '../documents.ts';
import type {
  Alias,
  AliasKind,
  BirthDate,
  ByteSource,
  Country,
  DocumentType,
  IdentityDocument,
  ParseOptions,
  Place,
  WatchlistEntry,
} from '../entry.ts';
import { withHash } from '../entry.ts';
import { WatchlistFormatError } from '../errors.ts';
import { type XmlGroup, type XmlRecord, xmlRecords } from './xml-records.ts';

const LIST = 'the UN Security Council Consolidated List (XML)';
/** The UN publishes no page per entry: findings link to the list's own page. */
export const UN_LIST_URL = 'https://www.un.org/securitycouncil/content/un-sc-consolidated-list';

/** UN alias QUALITY: individuals' Good/Low, entities' a.k.a./f.k.a.; an alias with none is an a.k.a. */
const ALIAS_QUALITY: Record<string, AliasKind> = {
  good: 'good',
  low: 'low',
  'a.k.a.': 'aka',
  'f.k.a.': 'fka',
  'n.k.a.': 'nka',
};
/** TYPE_OF_DOCUMENT as the UN writes it (in English, and in the French and Spanish of some entries). */
const DOCUMENT_TYPES: Record<string, DocumentType> = {
  passport: 'passport',
  'numéro de passeport': 'passport',
  'número de pasaporte': 'passport',
  'national identification number': 'national_id',
  'national identification no.': 'national_id',
};

const groups = (record: XmlRecord, tag: string): XmlGroup[] => record.groups[tag] ?? [];
const values = (record: XmlRecord, tag: string) => groups(record, tag).flatMap((group) => group.values.filter(Boolean));
const country = (raw: string): Country => {
  const code = countryCode(raw);
  return code ? { raw, code } : { raw };
};

function aliasesOf(record: XmlRecord, tag: string): Alias[] {
  return groups(record, tag).flatMap(({ fields }) => {
    const name = fields.ALIAS_NAME ?? '';
    return name ? [{ name, kind: ALIAS_QUALITY[(fields.QUALITY ?? '').toLowerCase()] ?? 'aka' }] : [];
  });
}

/** EXACT with DATE or YEAR, APPROXIMATELY with YEAR (circa), BETWEEN FROM_YEAR and TO_YEAR; notes alone are not dates. */
function birthDateOf({ fields }: XmlGroup): BirthDate | null {
  const type = (fields.TYPE_OF_DATE ?? '').toUpperCase();
  const circa = type === 'APPROXIMATELY' || /approx/i.test(fields.NOTE ?? '');
  if (fields.DATE) {
    const [y, m, d] = fields.DATE.split('-').map(Number);
    const day = daySpan(y!, m!, d!);
    return day && { precision: 'day', from: day.from, to: day.to, circa, raw: fields.DATE };
  }
  if (fields.YEAR && /^\d{4}$/.test(fields.YEAR)) {
    const year = yearSpan(Number(fields.YEAR));
    return {
      precision: 'year',
      from: year.from,
      to: year.to,
      circa,
      raw: circa ? `circa ${fields.YEAR}` : fields.YEAR,
    };
  }
  if (fields.FROM_YEAR && fields.TO_YEAR) {
    return yearRange(
      Number(fields.FROM_YEAR),
      Number(fields.TO_YEAR),
      circa,
      `${fields.FROM_YEAR} to ${fields.TO_YEAR}`,
    );
  }
  return null;
}

function birthPlaceOf({ fields }: XmlGroup): Place | null {
  const raw = [fields.CITY, fields.STATE_PROVINCE, fields.COUNTRY].filter(Boolean).join(', ');
  if (!raw) return null;
  const code = fields.COUNTRY ? countryCode(fields.COUNTRY) : undefined;
  return code ? { raw, country: code } : { raw };
}

function documentOf({ fields }: XmlGroup): IdentityDocument | null {
  const typeText = fields.TYPE_OF_DOCUMENT ?? '';
  if (!typeText || !fields.NUMBER) return null;
  const detail = fields.TYPE_OF_DOCUMENT2;
  return toDocument({
    type: DOCUMENT_TYPES[typeText.toLowerCase()] ?? 'other',
    label: detail && detail.toLowerCase() !== typeText.toLowerCase() ? `${typeText} (${detail})` : typeText,
    text: fields.NUMBER,
    countryRaw: fields.ISSUING_COUNTRY || fields.COUNTRY_OF_ISSUE || undefined,
    issued: fields.DATE_OF_ISSUE ? parsePartialDate(fields.DATE_OF_ISSUE)?.iso : undefined,
    individual: true,
  });
}

const present = <T>(items: (T | null)[]) => items.filter((item): item is T => item !== null);

function toEntry(record: XmlRecord): WatchlistEntry {
  const { fields } = record;
  const individual = record.tag === 'INDIVIDUAL';
  const id = fields.DATAID ?? '';
  if (!/^\d+$/.test(id))
    throw new WatchlistFormatError('malformed', `an ${record.tag} without a numeric DATAID ("${id}")`);
  const name = [fields.FIRST_NAME, fields.SECOND_NAME, fields.THIRD_NAME, fields.FOURTH_NAME].filter(Boolean).join(' ');
  const gender = (fields.GENDER ?? '').toLowerCase();
  const listedOn =
    fields.LISTED_ON && parsePartialDate(fields.LISTED_ON)?.precision === 'day' ? fields.LISTED_ON : undefined;
  return withHash({
    source: 'un-sc',
    id,
    ...(fields.REFERENCE_NUMBER ? { reference: fields.REFERENCE_NUMBER } : {}),
    kind: individual ? 'individual' : 'entity',
    name,
    ...(fields.NAME_ORIGINAL_SCRIPT ? { nameOriginalScript: fields.NAME_ORIGINAL_SCRIPT } : {}),
    aliases: aliasesOf(record, individual ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS'),
    birthDates: present(groups(record, 'INDIVIDUAL_DATE_OF_BIRTH').map(birthDateOf)),
    birthPlaces: present(groups(record, 'INDIVIDUAL_PLACE_OF_BIRTH').map(birthPlaceOf)),
    nationalities: values(record, 'NATIONALITY').map(country),
    citizenships: [],
    ...(gender === 'male' || gender === 'female' ? { gender } : {}),
    documents: present(groups(record, 'INDIVIDUAL_DOCUMENT').map(documentOf)),
    programs: fields.UN_LIST_TYPE ? [fields.UN_LIST_TYPE] : [],
    titles: [...values(record, 'TITLE'), ...values(record, 'DESIGNATION')],
    ...(listedOn ? { listedOn } : {}),
    ...(fields.COMMENTS1 ? { remarks: fields.COMMENTS1 } : {}),
    url: UN_LIST_URL,
  });
}

/**
 * The individuals and entities of the UN Security Council Consolidated List (sc-sanctions.xsd),
 * streamed. As with every parser, a WatchlistFormatError may follow many entries.
 */
export async function* parseUnSc(
  source: ByteSource,
  { onListInfo }: ParseOptions = {},
): AsyncGenerator<WatchlistEntry> {
  let count = 0;
  const records = xmlRecords(source, {
    listName: LIST,
    root: 'CONSOLIDATED_LIST',
    records: new Set(['INDIVIDUAL', 'ENTITY']),
    depth: 3,
    onRoot: (attributes) => onListInfo?.(attributes.dateGenerated ? { publishedAt: attributes.dateGenerated } : {}),
  });
  for await (const record of records) {
    count++;
    yield toEntry(record);
  }
  if (count === 0) throw new WatchlistFormatError('empty', `no INDIVIDUAL or ENTITY in ${LIST}`);
}
