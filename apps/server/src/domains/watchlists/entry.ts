import { createHash } from 'node:crypto';
import type { WatchlistDocumentType } from '@centinela/shared';
import stringify from 'safe-stable-stringify';

/** The lists Centinela screens against; a new list is a new id here plus its parser. */
export const WATCHLIST_SOURCES = ['ofac-sdn', 'un-sc', 'sat-69b'] as const;
export type WatchlistSource = (typeof WATCHLIST_SOURCES)[number];

export type EntryKind = 'individual' | 'entity' | 'vessel' | 'aircraft';

/** a.k.a., f.k.a. (formerly), n.k.a. (now); UN rates its individuals' aliases good or low quality. */
export type AliasKind = 'aka' | 'fka' | 'nka' | 'good' | 'low';
export type Alias = { name: string; kind: AliasKind };

/**
 * A date of birth as published, as the days it may be: `from`..`to` (YYYY-MM-DD, both included).
 * 'day' is one day, 'month' and 'year' the whole month or year, 'range' spans two of those
 * ("DOB 1962 to 1963"); `circa` when the publisher says it is approximate.
 */
export type BirthDate = {
  precision: 'day' | 'month' | 'year' | 'range';
  from: string;
  to: string;
  circa: boolean;
  raw: string;
};

/** A country as published, with its ISO 3166 alpha-2 code when the name could be mapped. */
export type Country = { raw: string; code?: string };
/** A place of birth as published; `country` when its last part names one. */
export type Place = { raw: string; country?: string };

/** The identity documents screening matches on (the list is shared with the web). */
export type DocumentType = WatchlistDocumentType;

export type IdentityDocument = {
  type: DocumentType;
  /** The publisher's name for it ("Cedula No.", "National Identification Number"). */
  label: string;
  /** Normalised for matching: uppercase, no spaces, dots or dashes. */
  number: string;
  /** The number as published. */
  raw: string;
  /** ISO 3166 alpha-2 of the issuing country, when known. */
  country?: string;
  countryRaw?: string;
  /** As precise as published: YYYY, YYYY-MM or YYYY-MM-DD. */
  issued?: string;
  expires?: string;
};

/** SAT 69-B: where a taxpayer stands (presumed, rebutted, definitive, favourable court ruling). */
export const SAT_SITUATIONS = ['presunto', 'desvirtuado', 'definitivo', 'sentencia_favorable'] as const;
export type SatSituation = (typeof SAT_SITUATIONS)[number];
/** One of the taxpayer's rows on the list, with the day SAT published that situation (YYYY-MM-DD). */
export type SatListing = { situation: SatSituation; publishedOn?: string };

export type WatchlistEntry = {
  source: WatchlistSource;
  /** The publisher's own id: OFAC ent_num, UN DATAID, SAT RFC. */
  id: string;
  /** A second id the publisher shows people (UN REFERENCE_NUMBER such as "QDi.001"). */
  reference?: string;
  kind: EntryKind;
  /** The primary name as published (OFAC individuals: "SURNAME, Given"). */
  name: string;
  nameOriginalScript?: string;
  aliases: Alias[];
  birthDates: BirthDate[];
  birthPlaces: Place[];
  nationalities: Country[];
  citizenships: Country[];
  gender?: 'male' | 'female';
  documents: IdentityDocument[];
  /** OFAC sanctions programs, the UN regime (UN_LIST_TYPE), or ["69-B"]. */
  programs: string[];
  /** SAT only: each of the taxpayer's rows, in the list's order. */
  situations?: SatListing[];
  titles: string[];
  listedOn?: string;
  remarks?: string;
  /** OFAC: the publisher truncated Remarks at 1,000 characters; the cut item was dropped. */
  remarksTruncated?: boolean;
  vessel?: { callSign?: string; type?: string; tonnage?: string; grossTonnage?: string; flag?: string; owner?: string };
  /** The publisher's page for this entry, or the list's page when it has none per entry. */
  url: string | null;
  /** sha256 of everything above (key order does not count): equal hashes, unchanged entry. */
  hash: string;
};

export type EntryFields = Omit<WatchlistEntry, 'hash'>;

/** The entry with its content hash (for "changed" in a version's delta). */
export function withHash(fields: EntryFields): WatchlistEntry {
  const hash = createHash('sha256').update(stringify(fields)).digest('hex');
  return { ...fields, hash };
}

/** What a parser can tell about the file as a whole (the publisher's "as of", when it prints one). */
export type ListInfo = { publishedAt?: string };
export type ParseOptions = { onListInfo?: (info: ListInfo) => void };

/** The bytes of a list file, as a download or a file stream gives them. */
export type ByteSource = AsyncIterable<Uint8Array>;
