import { setTimeout as sleep } from 'node:timers/promises';
import { reportDefinition, type CatalogueCountry, type Finding, type ReportType } from '@centinela/shared';
import { adverseFinding, informationalFinding, possibleMatch } from './sandbox-records/findings.ts';
import { PLACES } from './sandbox-records/places.ts';
import { createRng } from '../../lib/rng.ts';
import {
  PermanentSourceError,
  TransientSourceError,
  type ProviderResult,
  type ReportProvider,
  type ReportSubject,
  type RunContext,
} from './provider.ts';

/**
 * The sandbox sources: like a payment processor's test cards, the last two characters of the document
 * id choose the answer (README "Sandbox document ids"). Everything else is clean. The records are the
 * demo seed's (same generators), seeded by document and report type, so a person always gets the same
 * answer. Only these types are affected by an ending; every other report of the person comes back clean.
 */
const CRIMINAL_REGISTERS: readonly ReportType[] = [
  'criminal_records',
  'police_record',
  'state_records',
  'judicial_records',
];
const PROCESS_SOURCES: readonly ReportType[] = ['process_search', 'judicial_records', 'justice_report'];

type Answer = (type: ReportType, make: Makers, attempt: number) => Finding[] | 'clean';
/** `adverse(as)`: a record shaped like another source's (a criminal record found in a judicial register). */
type Makers = { adverse(as?: ReportType): Finding; info(): Finding; possible(): Finding };

const only = (types: readonly ReportType[], make: () => Finding) => (type: ReportType) =>
  types.includes(type) ? [make()] : 'clean';

export const SANDBOX_ENDINGS: Record<string, { effect: string; answer: Answer }> = {
  '13': {
    effect: 'criminal record, matched by id (criminal registers) → FAILED',
    answer: (t, m) => only(CRIMINAL_REGISTERS, () => m.adverse('criminal_records'))(t),
  },
  '14': {
    effect: 'open arrest warrant, matched by id (arrest_warrants) → FAILED',
    answer: (t, m) => only(['arrest_warrants'], m.adverse)(t),
  },
  '15': {
    effect: 'disciplinary sanction, matched by id (procuradoria_sanctions, co) → FAILED',
    answer: (t, m) => only(['procuradoria_sanctions'], m.adverse)(t),
  },
  '16': {
    effect: 'criminal case as defendant, matched by id (process_search, judicial_records, justice_report) → FAILED',
    answer: (t, m) => only(PROCESS_SOURCES, m.adverse)(t),
  },
  '22': {
    effect:
      'possible homonym: a criminal record matched by name only (criminal registers, process_search) → PENDING_MANUAL_REVIEW',
    answer: (t, m) => only([...CRIMINAL_REGISTERS, 'process_search'], m.possible)(t),
  },
  '33': {
    effect: 'informational: press mention by name (news_search), labour case as plaintiff (process sources) → INFO',
    answer: (t, m) => only(['news_search', ...PROCESS_SOURCES], m.info)(t),
  },
  '97': {
    effect: 'every source refuses the document for good → ERROR on the first attempt',
    answer: () => {
      throw new PermanentSourceError('sandbox: the source rejected the document');
    },
  },
  '98': {
    effect: 'every source times out on attempts 1 and 2, answers clean on attempt 3',
    answer: (_t, _m, attempt) => {
      if (attempt <= 2) throw new TransientSourceError('sandbox: source timed out');
      return 'clean';
    },
  },
  '99': {
    effect: 'every source times out on every attempt → ERROR "Max retries exceeded…" after REPORT_MAX_ATTEMPTS',
    answer: () => {
      throw new TransientSourceError('sandbox: source unavailable');
    },
  },
};

/** The two characters that choose the answer: letters and digits only, so "12345678-5" ends in "85". */
export const sandboxEnding = (documentId: string) =>
  documentId
    .replace(/[^0-9A-Za-z]/g, '')
    .slice(-2)
    .toUpperCase();

/** FNV-1a: the latency of one document + report, the same on every run and every process. */
function spread(text: string, min: number, max: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return min + ((h >>> 0) % (max - min + 1));
}

export type SandboxOptions = {
  latency: { min: number; max: number };
  /** Records are dated relative to this day (default: today), so a day's answers are identical. */
  today?: () => Date;
};

export class SandboxProvider implements ReportProvider {
  private readonly options: SandboxOptions;

  constructor(options: SandboxOptions) {
    this.options = options;
  }

  async run(
    type: ReportType,
    subject: ReportSubject,
    signal: AbortSignal,
    context?: RunContext,
  ): Promise<ProviderResult> {
    const { min, max } = this.options.latency;
    const wait = max > 0 ? spread(`${subject.documentId}:${type}`, min, max) : 0;
    if (wait > 0) await sleep(wait, undefined, { signal });
    signal.throwIfAborted();

    const country = subject.country === 'xx' ? 'co' : (subject.country as CatalogueCountry);
    const day = this.options.today?.() ?? new Date();
    const now = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
    const rng = createRng(`sandbox:${subject.documentId}:${type}`);
    const city = rng.pick(PLACES[country]).city;
    const authority = reportDefinition(country, type)?.authority ?? 'Sandbox';
    const make: Makers = {
      adverse: (as = type) => ({ ...adverseFinding(as, country, city, now, rng), source: authority }),
      info: () => informationalFinding(type, country, city, now, rng),
      possible: () => possibleMatch(type, country, city, now, rng),
    };
    const answer =
      SANDBOX_ENDINGS[sandboxEnding(subject.documentId)]?.answer(type, make, context?.attempt ?? 1) ?? 'clean';
    return {
      findings: answer === 'clean' ? [] : answer,
      details: {
        source: 'sandbox',
        authority,
        checkedAt: new Date().toISOString(),
        reference: `SBX-${rng.digits(8)}`,
      },
    };
  }
}
