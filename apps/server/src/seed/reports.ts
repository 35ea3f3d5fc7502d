import {
  errorMessage,
  reportDefinition,
  type Finding,
  type ReportInput,
  type ReportStatus,
  type ReportType,
} from '@centinela/shared';
import { adverseFinding, informationalFinding, possibleMatch } from '../domains/reports/sandbox-records/findings.ts';
import type { SeededProfile } from './profiles.ts';
import type { Rng } from '../lib/rng.ts';
import { solCheck } from './sol.ts';
import { HOUR, MINUTE, addMs, type ReferenceCheckRow, type ReferenceRow, type ReportRow } from './types.ts';

/** SPEC §8, as a worker records it after the last retry. */
export const MAX_RETRIES_ERROR = errorMessage('max_retries_exceeded', 'en');
const MAX_ATTEMPTS = 5;

type Outcome = 'clean' | 'adverse' | 'info' | 'review' | 'pending' | 'error' | 'incomplete';
const STATUS: Record<Outcome, ReportStatus> = {
  clean: 'COMPLETED',
  adverse: 'COMPLETED',
  info: 'INFO',
  review: 'PENDING_MANUAL_REVIEW',
  pending: 'PENDING',
  error: 'ERROR',
  incomplete: 'INCOMPLETE',
};

const SOL: ReportType = 'employment_references';
/** Where the sandbox's "ends in 13" criminal record shows up, best first. */
const CRIMINAL: readonly ReportType[] = ['criminal_records', 'police_record', 'state_records', 'judicial_records'];

/**
 * One report outcome per type, chosen so the profile status follows from its reports by DESIGN.md's
 * rule (missing inputs → INCOMPLETE, any ERROR → ERROR, any PENDING → PENDING, …, all clean → PASSED).
 */
function plan(p: SeededProfile, now: Date, rng: Rng): Map<ReportType, Outcome> {
  const outcomes = new Map<ReportType, Outcome>(p.types.map((t) => [t, 'clean']));
  const sources = p.types.filter((t) => t !== SOL);
  const set = (type: ReportType | undefined, outcome: Outcome) => {
    if (type) outcomes.set(type, outcome);
  };
  switch (p.row.status) {
    case 'FAILED': {
      // Without the sandbox's 13 ending, the finding comes from a source that is not a criminal register.
      const others = sources.filter((t) => !CRIMINAL.slice(0, 2).includes(t) && t !== 'news_search');
      const target =
        p.suffix === '13' || others.length === 0 ? CRIMINAL.find((t) => sources.includes(t)) : rng.pick(others);
      set(target ?? sources[0], 'adverse');
      break;
    }
    case 'ERROR':
      set(p.suffix === '99' ? sources[0] : rng.pick(sources), 'error');
      break;
    case 'PENDING':
      if (p.types.includes(SOL)) set(SOL, 'pending');
      if (!p.types.includes(SOL) || rng.chance(0.3)) set(rng.pick(sources), 'pending');
      break;
    case 'INCOMPLETE':
      for (const t of p.types) if (needs(p, t, p.missing)) set(t, 'incomplete');
      break;
    case 'INFO': {
      // With Sol on board, often the note is that the candidate declined the reference check.
      const informative = sources.filter((t) =>
        ['news_search', 'process_search', 'judicial_records', 'justice_report'].includes(t),
      );
      const declined = p.types.includes(SOL) && rng.chance(0.5);
      set(declined ? SOL : rng.pick(informative.length > 0 ? informative : sources), 'info');
      break;
    }
    case 'PENDING_MANUAL_REVIEW': {
      const registers = sources.filter((t) => t !== 'news_search');
      set(rng.pick(registers.length > 0 ? registers : sources), 'review');
      break;
    }
  }
  return outcomes;
}

const needs = (p: SeededProfile, type: ReportType, input: ReportInput | null) =>
  input !== null && (reportDefinition(p.country, type)?.inputs.includes(input) ?? false);

/** The profile field (or `inputs` entry) each report input is read from. */
function inputValue(p: SeededProfile, input: ReportInput): string | null | undefined {
  const row = p.row;
  if (input === 'issueDate') return row.inputs?.issueDate;
  return row[input];
}

export type ProfileReports = {
  reports: ReportRow[];
  checks: ReferenceCheckRow[];
  references: ReferenceRow[];
  finding?: Finding;
};

export function makeReports(p: SeededProfile, ownerName: string, now: Date, rng: Rng): ProfileReports {
  if (p.row.status === 'PRECANDIDATE') return { reports: [], checks: [], references: [] };
  const out: ProfileReports = { reports: [], checks: [], references: [] };
  const city = p.row.city ?? p.person.place.city;
  for (const [type, outcome] of plan(p, now, rng)) {
    const definition = reportDefinition(p.country, type)!;
    const createdAt = addMs(p.row.createdAt, 2000);
    const isSol = type === SOL;
    const ran = outcome !== 'pending' && outcome !== 'incomplete';
    const startedAt = outcome === 'incomplete' ? null : addMs(createdAt, rng.int(1, 30) * 1000);
    // Registers answer in seconds to minutes; Sol takes most of its 48 hours. Never later than now.
    const latency = isSol ? rng.int(18 * 60, 46 * 60) * MINUTE : rng.int(3, 240) * 1000;
    const finishedAt = startedAt && new Date(Math.min(startedAt.getTime() + latency, now.getTime() - MINUTE));
    // Failures back off between attempts before giving up.
    const failedAt = startedAt && addMs(startedAt, rng.int(20, 60) * MINUTE);

    const inputs: Record<string, string> = {};
    for (const input of definition.inputs) {
      const value = inputValue(p, input);
      if (value) inputs[input] = value;
    }
    const report: ReportRow = {
      id: rng.uuid(),
      ownerId: p.row.ownerId,
      profileId: p.row.id,
      type,
      status: STATUS[outcome],
      inputs,
      details: null,
      findings: [],
      missingInputs: outcome === 'incomplete' && p.missing ? [p.missing] : [],
      // Sol is still calling references: the sandbox finishes it near its 48-hour mark, not at start-up.
      runAfter: outcome === 'pending' && isSol ? addMs(createdAt, 40 * HOUR) : createdAt,
      attempts:
        outcome === 'error'
          ? MAX_ATTEMPTS
          : ran
            ? rng.chance(0.9)
              ? 1
              : 2
            : outcome === 'pending'
              ? rng.int(0, 1)
              : 0,
      lastError: outcome === 'error' ? MAX_RETRIES_ERROR : null,
      startedAt: outcome === 'pending' && !isSol && rng.chance(0.5) ? null : startedAt,
      completedAt: ran && outcome !== 'error' ? finishedAt : null,
      createdAt,
      updatedAt: (outcome === 'error' ? failedAt : ran ? finishedAt : startedAt) ?? createdAt,
    };
    report.details = details(p, report, outcome, city, now, rng, out);
    if (isSol && (outcome === 'clean' || outcome === 'pending' || outcome === 'info')) {
      const sol = solCheck(
        { country: p.country, candidate: p.person, phone: p.row.phone!, ownerName, report, outcome, now },
        rng,
      );
      report.details = sol.details;
      out.checks.push(sol.check);
      out.references.push(...sol.references);
    }
    out.reports.push(report);
  }
  return out;
}

function details(
  p: SeededProfile,
  report: ReportRow,
  outcome: Outcome,
  city: string,
  now: Date,
  rng: Rng,
  out: ProfileReports,
): Record<string, unknown> | null {
  if (outcome === 'pending' || outcome === 'incomplete') return null;
  if (outcome === 'error') return { errorCode: 'max_retries_exceeded' };
  const type = report.type;
  let finding: Finding | undefined;
  if (outcome === 'adverse') finding = out.finding = adverseFinding(type, p.country, city, now, rng);
  if (outcome === 'info') finding = informationalFinding(type, p.country, city, now, rng);
  if (outcome === 'review') finding = possibleMatch(type, p.country, city, now, rng);
  report.findings = finding ? [finding] : [];
  // The same shape the sandbox provider answers with (domains/reports/sandbox.ts).
  return {
    source: 'sandbox',
    authority: reportDefinition(p.country, type)!.authority,
    checkedAt: (report.completedAt ?? report.updatedAt).toISOString(),
    reference: `SBX-${rng.digits(8)}`,
  };
}
