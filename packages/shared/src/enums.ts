/** Countries served (SPEC §3); `xx` is the placeholder for "not set". */
export const COUNTRIES = ['ar', 'br', 'cl', 'co', 'cr', 'ec', 'mx', 'pa', 'pe', 'xx'] as const;
export type Country = (typeof COUNTRIES)[number];

export const PROFILE_STATUSES = [
  'ERROR',
  'FAILED',
  'INCOMPLETE',
  'INFO',
  'PASSED',
  'PENDING_MANUAL_REVIEW',
  'PENDING',
  'PRECANDIDATE',
] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const REPORT_STATUSES = [
  'COMPLETED',
  'ERROR',
  'INCOMPLETE',
  'INFO',
  'PENDING_MANUAL_REVIEW',
  'PENDING',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Report result types labelled in the interface (SPEC §3). */
export const REPORT_TYPES = [
  'arrest_warrants',
  'judicial_records',
  'criminal_records',
  'police_record',
  'procuradoria_sanctions',
  'news_search',
  'process_search',
  'state_records',
  'justice_report',
  'employment_references',
  'watchlists',
  'identity_document',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const DOCUMENT_TYPES = ['national_id', 'foreign_id', 'passport', 'tax_id', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** How a profile came to exist (DESIGN.md). */
export const CREATED_AS = ['dashboard', 'api', 'csv', 'form'] as const;
export type CreatedAs = (typeof CREATED_AS)[number];

export const OWNER_PLANS = ['free', 'standard'] as const;
export type OwnerPlan = (typeof OWNER_PLANS)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const API_KEY_MODES = ['own', 'owner'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const LOCALES = ['en', 'es', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/**
 * Each locale's BCP 47 tag, for Intl and `<html lang>`: Portuguese is Brazil's (dates "26/11/2026",
 * numbers "1.234,5"). Spanish stays neutral 'es'.
 */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en', es: 'es', pt: 'pt-BR' };

export const CSV_JOB_MODES = ['pipeline', 'advanced'] as const;
export const CSV_JOB_STATUSES = ['uploaded', 'queued', 'processing', 'completed', 'failed'] as const;

/** Sol: requested (pending) → contacting → collecting → calling → summarising → completed; or declined / expired. */
export const REFERENCE_CHECK_STATUSES = [
  'pending',
  'contacting',
  'collecting',
  'calling',
  'summarising',
  'completed',
  'declined',
  'expired',
] as const;
export type ReferenceCheckStatus = (typeof REFERENCE_CHECK_STATUSES)[number];
export const REFERENCE_STATUSES = ['pending', 'calling', 'completed', 'unreachable', 'declined'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

export const CREDIT_ENTRY_KINDS = ['refill', 'debit', 'adjustment', 'refund'] as const;
