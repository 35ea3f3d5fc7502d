import {
  COUNTRIES,
  CREATED_AS,
  DOCUMENT_TYPES,
  OWNER_PLANS,
  PROFILE_STATUSES,
  REPORT_STATUSES,
  REPORT_TYPES,
  REVIEW_DECISIONS,
  ROLES,
  USER_STATUSES,
} from '@centinela/shared';
import type { TFunction } from 'i18next';

/**
 * A shared enum's value in the reader's words (a person never reads a code such as `approved`
 * or PENDING_MANUAL_REVIEW); anything else as it is. For values whose enum the caller does not know (an
 * audit event's changes, a free-text field that usually holds a decision).
 */
const FAMILIES: [readonly string[], string][] = [
  [PROFILE_STATUSES, 'profiles.status'],
  [REPORT_STATUSES, 'reports.status'],
  [REPORT_TYPES, 'reports.types'],
  [REVIEW_DECISIONS, 'profiles.outcomes'],
  [USER_STATUSES, 'management.statuses'],
  [ROLES, 'roles'],
  [OWNER_PLANS, 'plans'],
  [DOCUMENT_TYPES, 'profiles.documentTypes'],
  [CREATED_AS, 'profiles.createdAs'],
  [COUNTRIES, 'countries'],
];

export function enumLabel(t: TFunction, value: string): string {
  for (const [codes, prefix] of FAMILIES) if (codes.includes(value)) return t(`${prefix}.${value}` as 'roles.admin');
  return value;
}

/** Any JSON value, readably: enum codes named, booleans as yes/no, lists joined, { from, to } as a change. */
export function valueLabel(t: TFunction, value: unknown, keyLabel: (key: string) => string = (k) => k): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return enumLabel(t, value);
  if (typeof value === 'boolean') return value ? t('profiles.fields.yes') : t('profiles.fields.no');
  if (Array.isArray(value)) return value.map((v) => valueLabel(t, v, keyLabel)).join(', ');
  if (typeof value === 'object') {
    const { from, to, ...rest } = value as Record<string, unknown>;
    // A change: { from, to } → "Active → Inactive".
    if (Object.keys(rest).length === 0 && (from !== undefined || to !== undefined))
      return `${valueLabel(t, from, keyLabel)} → ${valueLabel(t, to, keyLabel)}`;
    return Object.entries(value)
      .map(([key, v]) => `${keyLabel(key)}: ${valueLabel(t, v, keyLabel)}`)
      .join(', ');
  }
  return String(value);
}
