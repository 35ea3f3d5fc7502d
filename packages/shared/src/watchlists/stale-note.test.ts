import { describe, expect, test } from 'vitest';
import { findingSummary, toShownFinding } from '../reports/shown-finding.ts';
import type { Finding } from '../reports/finding.ts';
import { deriveProfileStatus, reportStatusFromFindings } from '../reports/status.ts';

/** A stale list's note as the watch-lists report writes it: the list answered, with old data, and nothing matched. */
const staleNote = (record: Record<string, unknown> = {}): Finding => ({
  kind: 'list_data_stale',
  matchedBy: 'id',
  severity: 'info',
  summary: 'OFAC SDN: list data older than 30 days',
  source: 'OFAC SDN',
  date: '2024-05-03',
  record: { source: 'ofac-sdn', seq: 2, dataAsOf: '2024-05-03T00:00:00.000Z', maxAgeDays: 30, clean: true, ...record },
});
const match: Finding = {
  kind: 'watchlist_entry',
  matchedBy: 'name',
  severity: 'adverse',
  summary: 'GUZMAN LOERA, Joaquin',
  source: 'OFAC SDN',
  date: null,
  record: { source: 'ofac-sdn', entryId: '6861' },
};

describe('a stale list with no match', () => {
  test('is a clean result against old data, not a finding: the report COMPLETED, the person PASSED', () => {
    expect(reportStatusFromFindings([staleNote()])).toBe('COMPLETED');
    expect(
      deriveProfileStatus({
        precandidate: false,
        confirmedHomonym: false,
        reports: [{ status: 'COMPLETED', findings: [staleNote()] }],
      }),
    ).toBe('PASSED');
    // A match beside it is judged as ever.
    expect(reportStatusFromFindings([staleNote({ clean: false }), match])).toBe('PENDING_MANUAL_REVIEW');
  });

  test('says "clean against data from <date>" in the reader’s language, the date never moved by a time zone', () => {
    expect(findingSummary(staleNote(), 'en')).toBe('OFAC SDN: clean against data from May 3, 2024, older than 30 days');
    expect(findingSummary(staleNote(), 'es')).toBe(
      'OFAC SDN: sin coincidencias en datos del 3 may 2024, con más de 30 días',
    );
    expect(findingSummary(staleNote(), 'pt')).toBe(
      'OFAC SDN: sem correspondências nos dados de 3 de mai. de 2024, com mais de 30 dias',
    );
    expect(findingSummary(staleNote({ clean: false }), 'en')).toBe(
      'OFAC SDN: list data from May 3, 2024, older than 30 days',
    );
    expect(toShownFinding(staleNote(), 'en').note).toBe(true);
  });

  test('a file without a date of its own says so', () => {
    expect(findingSummary(staleNote({ undated: true }), 'en')).toBe(
      'OFAC SDN: clean against data from May 3, 2024 (the file carries no date of its own), older than 30 days',
    );
    expect(findingSummary(staleNote({ undated: true, dataAsOf: null }), 'es')).toBe(
      'OFAC SDN: sin coincidencias en datos sin fecha propia, con más de 30 días',
    );
  });
});
