import type { Country, DocumentType, Finding, ReportType } from '@centinela/shared';

export type { Finding } from '@centinela/shared';

/** What a source is asked about: one person, as the profile holds them. */
export type ReportSubject = {
  profileId: string;
  /** Whose person it is (a source with per-owner settings reads it). */
  ownerId?: string;
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

export type ProviderResult = {
  /** What the source found about this person (empty: nothing). The worker derives the report status from it. */
  findings: Finding[];
  /** Anything else the source answered, stored as the report's details. */
  details: Record<string, unknown>;
  /** The source asks for a person whatever its findings (an identity check in its review band). */
  needsReview?: boolean;
};

/** Which run this is: real connectors use `reportId` + `attempt` as an idempotency key at the source. */
export type RunContext = { reportId: string; attempt: number };

/** The source failed in a way a later attempt may not (time-out, 5xx): the job retries with back-off. */
export class TransientSourceError extends Error {}
/** The source refused for good (bad input it cannot use): no retry, the report is ERROR at once. */
export class PermanentSourceError extends Error {}

/**
 * Runs one report of one type for one person. Sandbox by default; real connectors by configuration.
 * Must honour `signal` (the worker aborts when its lease runs out or it shuts down). Any error other
 * than PermanentSourceError is retried.
 */
export interface ReportProvider {
  run(type: ReportType, subject: ReportSubject, signal: AbortSignal, context?: RunContext): Promise<ProviderResult>;
}

/** One provider per report type that has a real source of its own (watch lists), the configured one for the rest. */
export function providerByType(
  routes: Partial<Record<ReportType, ReportProvider>>,
  fallback: ReportProvider,
): ReportProvider {
  return { run: (type, subject, signal, context) => (routes[type] ?? fallback).run(type, subject, signal, context) };
}
