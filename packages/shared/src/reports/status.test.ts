import { describe, expect, test } from 'vitest';
import { REPORT_STATUSES, type ReportStatus } from '../enums.ts';
import type { Finding } from './finding.ts';
import { deriveProfileStatus, reportStatusFromFindings, type ReportOutcome } from './status.ts';

const finding = (matchedBy: Finding['matchedBy'], severity: Finding['severity']): Finding => ({
  kind: severity === 'adverse' ? 'criminal_record' : 'news_mention',
  matchedBy,
  severity,
  summary: 'x',
  source: 'Sandbox',
  date: null,
  record: {},
});
const ID_ADVERSE = finding('id', 'adverse');
const NAME_ADVERSE = finding('name', 'adverse');
const ID_INFO = finding('id', 'info');
const NAME_INFO = finding('name', 'info');

const r = (status: ReportStatus, findings: Finding[] = [], missingInputs: string[] = []): ReportOutcome => ({
  status,
  findings,
  missingInputs,
});
const profile = (reports: ReportOutcome[], opts: { precandidate?: boolean; confirmedHomonym?: boolean } = {}) =>
  deriveProfileStatus({
    precandidate: opts.precandidate ?? false,
    confirmedHomonym: opts.confirmedHomonym ?? false,
    reports,
  });

describe('reportStatusFromFindings', () => {
  test.each([
    ['nothing found', [], 'COMPLETED'],
    ['adverse, matched by id', [ID_ADVERSE], 'COMPLETED'],
    ['adverse, matched by name only', [NAME_ADVERSE], 'PENDING_MANUAL_REVIEW'],
    ['id and name adverse: a person still has to look', [ID_ADVERSE, NAME_ADVERSE], 'PENDING_MANUAL_REVIEW'],
    ['informational only', [ID_INFO], 'INFO'],
    ['informational by name', [NAME_INFO], 'INFO'],
    ['informational and adverse by id', [ID_INFO, ID_ADVERSE], 'COMPLETED'],
  ] as const)('%s → %s', (_label, findings, expected) => {
    expect(reportStatusFromFindings(findings)).toBe(expected);
  });

  test('a confirmed homonym removes name-only matches', () => {
    expect(reportStatusFromFindings([NAME_ADVERSE], true)).toBe('COMPLETED');
    expect(reportStatusFromFindings([NAME_ADVERSE, NAME_INFO], true)).toBe('COMPLETED');
    expect(reportStatusFromFindings([NAME_ADVERSE, ID_INFO], true)).toBe('INFO');
    expect(reportStatusFromFindings([NAME_ADVERSE, ID_ADVERSE], true)).toBe('COMPLETED');
  });
});

describe('deriveProfileStatus: the README table, row by row', () => {
  test.each([
    ['pre-candidate, whatever its reports', { precandidate: true }, [r('ERROR')], 'PRECANDIDATE'],
    ['no reports yet', {}, [], 'PENDING'],
    ['a report lacks inputs', {}, [r('INCOMPLETE', [], ['birthDate']), r('ERROR')], 'INCOMPLETE'],
    ['missing inputs listed on any report', {}, [r('PENDING', [], ['state'])], 'INCOMPLETE'],
    ['an ERROR beats PENDING and findings', {}, [r('ERROR'), r('PENDING'), r('COMPLETED', [ID_ADVERSE])], 'ERROR'],
    [
      'a PENDING beats findings',
      {},
      [r('PENDING'), r('COMPLETED', [ID_ADVERSE]), r('PENDING_MANUAL_REVIEW', [NAME_ADVERSE])],
      'PENDING',
    ],
    [
      'a name-only adverse match',
      {},
      [r('PENDING_MANUAL_REVIEW', [NAME_ADVERSE]), r('COMPLETED')],
      'PENDING_MANUAL_REVIEW',
    ],
    [
      'a match by document beside a name-only one (no review can clear it)',
      {},
      [r('PENDING_MANUAL_REVIEW', [NAME_ADVERSE]), r('COMPLETED', [ID_ADVERSE])],
      'FAILED',
    ],
    ['both in one report', {}, [r('PENDING_MANUAL_REVIEW', [ID_ADVERSE, NAME_ADVERSE])], 'FAILED'],
    ['a report the source sent to review', {}, [r('PENDING_MANUAL_REVIEW'), r('COMPLETED')], 'PENDING_MANUAL_REVIEW'],
    ['a confirmed adverse finding', {}, [r('COMPLETED', [ID_ADVERSE]), r('INFO', [ID_INFO])], 'FAILED'],
    ['informational findings only', {}, [r('INFO', [ID_INFO]), r('COMPLETED')], 'INFO'],
    ['an INFO report without findings (declined reference check)', {}, [r('INFO'), r('COMPLETED')], 'INFO'],
    ['all clean', {}, [r('COMPLETED'), r('COMPLETED')], 'PASSED'],
  ] as const)('%s → %s', (_label, opts, reports, expected) => {
    expect(profile([...reports], opts)).toBe(expected);
  });
});

describe('confirmed homonym', () => {
  test('rules out name-only matches: review → PASSED, or FAILED / INFO on what remains', () => {
    const review = r('PENDING_MANUAL_REVIEW', [NAME_ADVERSE]);
    expect(profile([review, r('COMPLETED')])).toBe('PENDING_MANUAL_REVIEW');
    expect(profile([review, r('COMPLETED')], { confirmedHomonym: true })).toBe('PASSED');
    expect(profile([review, r('COMPLETED', [ID_ADVERSE])], { confirmedHomonym: true })).toBe('FAILED');
    expect(profile([review, r('INFO', [ID_INFO])], { confirmedHomonym: true })).toBe('INFO');
    expect(profile([r('INFO', [NAME_INFO])], { confirmedHomonym: true })).toBe('PASSED');
  });

  test('does not clear a review the source asked for without a name-only match', () => {
    expect(profile([r('PENDING_MANUAL_REVIEW')], { confirmedHomonym: true })).toBe('PENDING_MANUAL_REVIEW');
  });

  test('a re-run report that is COMPLETED with the same name-only findings stays cleared', () => {
    // The worker stores the findings as found; the decision lives on the profile, so it survives re-runs.
    expect(profile([r('COMPLETED', [NAME_ADVERSE])], { confirmedHomonym: true })).toBe('PASSED');
    expect(profile([r('COMPLETED', [NAME_ADVERSE])], { confirmedHomonym: false })).toBe('PENDING_MANUAL_REVIEW');
  });
});

describe('exhaustively: every pair of report kinds, with and without a homonym decision', () => {
  const kinds: ReportOutcome[] = [
    ...REPORT_STATUSES.map((s) => r(s)),
    r('INCOMPLETE', [], ['phone']),
    r('COMPLETED', [ID_ADVERSE]),
    r('PENDING_MANUAL_REVIEW', [NAME_ADVERSE]),
    r('INFO', [ID_INFO]),
    r('INFO', [NAME_INFO]),
  ];
  const rank = ['INCOMPLETE', 'ERROR', 'PENDING', 'FAILED', 'PENDING_MANUAL_REVIEW', 'INFO', 'PASSED'] as const;
  /** The status one report alone gives, by the same rules stated independently. */
  const alone = (o: ReportOutcome, homonym: boolean): (typeof rank)[number] => {
    if (o.status === 'INCOMPLETE' || (o.missingInputs?.length ?? 0) > 0) return 'INCOMPLETE';
    if (o.status === 'ERROR' || o.status === 'PENDING') return o.status;
    const kept = homonym ? o.findings.filter((f) => f.matchedBy === 'id') : o.findings;
    if (kept.some((f) => f.severity === 'adverse' && f.matchedBy === 'id')) return 'FAILED';
    if (kept.some((f) => f.severity === 'adverse' && f.matchedBy === 'name')) return 'PENDING_MANUAL_REVIEW';
    if (o.status === 'PENDING_MANUAL_REVIEW' && o.findings.length === 0) return 'PENDING_MANUAL_REVIEW';
    if (kept.some((f) => f.severity === 'adverse')) return 'FAILED';
    if (kept.length > 0 || (o.status === 'INFO' && o.findings.length === 0)) return 'INFO';
    return 'PASSED';
  };
  for (const homonym of [false, true]) {
    for (const a of kinds) {
      for (const b of kinds) {
        test(`${a.status}/${a.findings.map((f) => f.matchedBy + f.severity).join() || a.missingInputs?.join()} + ${b.status}/${b.findings.map((f) => f.matchedBy + f.severity).join()} homonym=${homonym}`, () => {
          // The profile takes the most urgent of its reports' statuses.
          const expected = rank[Math.min(rank.indexOf(alone(a, homonym)), rank.indexOf(alone(b, homonym)))];
          expect(profile([a, b], { confirmedHomonym: homonym })).toBe(expected);
          expect(profile([a, b], { confirmedHomonym: homonym, precandidate: true })).toBe('PRECANDIDATE');
        });
      }
    }
  }
});

describe('a manual decision', () => {
  const homonym = r('PENDING_MANUAL_REVIEW', [finding('name', 'adverse')]);
  const decided = (reports: ReportOutcome[], decision: 'approved' | 'rejected') =>
    deriveProfileStatus({ precandidate: false, confirmedHomonym: false, reports, decision });

  test('settles a review: approved → PASSED, rejected → FAILED', () => {
    expect(deriveProfileStatus({ precandidate: false, confirmedHomonym: false, reports: [homonym] })).toBe(
      'PENDING_MANUAL_REVIEW',
    );
    expect(decided([homonym, r('COMPLETED')], 'approved')).toBe('PASSED');
    expect(decided([homonym, r('COMPLETED')], 'rejected')).toBe('FAILED');
  });

  test('a rejection holds when re-run reports come back clean or informational', () => {
    expect(decided([r('COMPLETED')], 'rejected')).toBe('FAILED');
    expect(decided([r('INFO', [finding('name', 'info')])], 'rejected')).toBe('FAILED');
  });

  test('never hides running work, missing inputs, errors or a finding matched by document', () => {
    expect(decided([homonym, r('PENDING')], 'approved')).toBe('PENDING');
    expect(decided([homonym, r('INCOMPLETE', [], ['birthDate'])], 'approved')).toBe('INCOMPLETE');
    expect(decided([homonym, r('ERROR')], 'approved')).toBe('ERROR');
    expect(decided([r('COMPLETED', [finding('id', 'adverse')])], 'approved')).toBe('FAILED');
  });
});

describe('per-match rulings', () => {
  const ruled = (f: Finding, verdict: 'homonym' | 'confirmed' | 'acknowledged'): Finding => ({
    ...f,
    ruling: { verdict, reason: 'r', by: 'ana', at: '2026-01-26T10:00:00.000Z' },
  });

  test('a name match ruled homonym leaves the report and the person', () => {
    const findings = [ruled(NAME_ADVERSE, 'homonym')];
    expect(reportStatusFromFindings(findings)).toBe('COMPLETED');
    expect(profile([r('COMPLETED', findings)])).toBe('PASSED');
  });

  test('a name match confirmed as this person decides like a document match', () => {
    const findings = [ruled(NAME_ADVERSE, 'confirmed')];
    expect(reportStatusFromFindings(findings)).toBe('COMPLETED');
    expect(profile([r('COMPLETED', findings)])).toBe('FAILED');
  });

  test('an acknowledged name match still waits for the person decision', () => {
    const findings = [ruled(NAME_ADVERSE, 'acknowledged')];
    expect(reportStatusFromFindings(findings)).toBe('PENDING_MANUAL_REVIEW');
    expect(profile([r('PENDING_MANUAL_REVIEW', findings)])).toBe('PENDING_MANUAL_REVIEW');
  });

  test('one match ruled homonym, another still open: review is still due', () => {
    const findings = [ruled(NAME_ADVERSE, 'homonym'), NAME_ADVERSE];
    expect(reportStatusFromFindings(findings)).toBe('PENDING_MANUAL_REVIEW');
    expect(profile([r('PENDING_MANUAL_REVIEW', findings)])).toBe('PENDING_MANUAL_REVIEW');
  });

  test('a homonym ruling never clears a document match', () => {
    const findings = [ruled(ID_ADVERSE, 'homonym')];
    expect(reportStatusFromFindings(findings)).toBe('COMPLETED');
    expect(profile([r('COMPLETED', findings)])).toBe('FAILED');
  });
});
