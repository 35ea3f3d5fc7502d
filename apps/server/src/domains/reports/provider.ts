import type { Country, DocumentType, ReportType } from '@centinela/shared';

/** What a source is asked about: one person, as the profile holds them. */
export type ReportSubject = {
  profileId: string;
  country: Country;
  documentType: DocumentType;
  documentId: string;
  name: string;
  birthDate: string | null;
  email: string | null;
  phone: string | null;
  state: string | null;
  /** Extra inputs without a column of their own (e.g. issueDate). */
  inputs: Record<string, string>;
};

/** One record a source returned: matched on the document id, or only on the name (a possible homonym). */
export type Finding = {
  kind: string;
  matchedBy: 'id' | 'name';
  /** Adverse findings can fail a person; informational ones never do. */
  severity: 'adverse' | 'info';
  /** As the source wrote it (data, not interface text). */
  summary: string;
  source: string;
  date: string | null;
  crimeCategory?: string;
  sentencingStatus?: string;
  record: Record<string, unknown>;
};

export type ProviderResult = {
  findings: Finding[];
  /** Anything else the source answered, stored as the report's details. */
  details: Record<string, unknown>;
};

/** The source failed in a way a later attempt may not (time-out, 5xx): the job retries with back-off. */
export class TransientSourceError extends Error {}
/** The source refused for good (bad input it cannot use): no retry. */
export class PermanentSourceError extends Error {}

/** Runs one report of one type for one person. Sandbox by default; real connectors by configuration. */
export interface ReportProvider {
  run(type: ReportType, subject: ReportSubject, signal: AbortSignal): Promise<ProviderResult>;
}
