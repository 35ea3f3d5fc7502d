import { checkDocumentId, consideredFindings, findingSummary, type Finding, type ReportType } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import {
  TransientSourceError,
  type ProviderResult,
  type ReportProvider,
  type ReportSubject,
} from '../reports/provider.ts';
import { enrol, enrolmentKeys } from './enrol.ts';
import type { ListState } from './lists.ts';
import { findingOf, SOURCE_LABELS } from './match.ts';
import { applyRulings, rulingsFor } from './rulings.ts';
import { reviewThreshold, screenPerson } from './screen.ts';

/**
 * A list older than allowed: the report says so rather than passing silently. With no match on that list
 * the person is clean against the data of its date (`clean`: not a finding, the status does not count it);
 * a file with no date of its own says so (`undated`). It leaves the report once the list is current again
 * (stale-notes.ts).
 */
function staleFinding(list: ListState, maxAgeDays: number, clean: boolean): Finding {
  const finding: Finding = {
    kind: 'list_data_stale',
    matchedBy: 'id',
    severity: 'info',
    summary: '',
    source: SOURCE_LABELS[list.source],
    date: list.dataAsOf?.toISOString().slice(0, 10) ?? null,
    record: {
      source: list.source,
      seq: list.seq,
      dataAsOf: list.dataAsOf?.toISOString() ?? null,
      ageDays: list.ageDays === null ? null : Math.floor(list.ageDays),
      maxAgeDays,
      clean,
      ...(list.publishedAt === null && { undated: true }),
    },
  };
  return { ...finding, summary: findingSummary(finding, 'en') };
}

/**
 * A document number that fails its own format or check digit (the catalogue's rules, which the forms show
 * as advisory hints): the lists' documents cannot vouch for a number mistyped, so the report says so and
 * is never a clean result (INFO); a listed document a single typo away is looked for with the name.
 */
function invalidDocumentFinding(subject: ReportSubject): Finding | null {
  if (!subject.documentId) return null;
  const problem = checkDocumentId(subject.country, subject.documentType, subject.documentId);
  if (!problem) return null;
  const finding: Finding = {
    kind: 'document_invalid',
    matchedBy: 'id',
    severity: 'info',
    summary: '',
    source: 'Centinela',
    date: null,
    record: { ...problem, documentType: subject.documentType, country: subject.country },
  };
  return { ...finding, summary: findingSummary(finding, 'en') };
}

/**
 * The watch-lists report: the person screened against every loaded list, with the owner's
 * threshold and the entries reviewers ruled out for them. A person with no adverse finding is enrolled
 * in monitoring, so a later version of a list that adds them raises an alert.
 */
export class WatchlistProvider implements ReportProvider {
  private readonly db: Db;
  private readonly maxAgeDays: number;

  constructor(db: Db, opts: { maxAgeDays: number }) {
    this.db = db;
    this.maxAgeDays = opts.maxAgeDays;
  }

  async run(_type: ReportType, subject: ReportSubject): Promise<ProviderResult> {
    const [threshold, rulings] = await Promise.all([
      reviewThreshold(this.db, subject.ownerId ?? null),
      rulingsFor(this.db, subject.profileId),
    ]);
    const screening = await screenPerson(
      this.db,
      {
        name: subject.name,
        birthDate: subject.birthDate,
        documentId: subject.documentId,
        country: subject.country,
        documentType: subject.documentType,
      },
      // Entries ruled a homonym stay on the report, marked, as the record of the ruling (they count for nothing).
      { threshold, maxAgeDays: this.maxAgeDays },
    );
    // No list loaded yet (a fresh install still loading its snapshots): try again later rather than pass.
    if (screening.lists.length === 0) throw new TransientSourceError('no watch list is loaded yet');
    const invalid = invalidDocumentFinding(subject);
    const matches = applyRulings(
      screening.matches.map((m) => findingOf(m, screening.entries.get(`${m.source}:${m.entryId}`))),
      rulings,
    );
    const counted = consideredFindings(matches, false);
    const findings = [
      ...(invalid ? [invalid] : []),
      ...matches,
      ...screening.lists
        .filter((l) => l.stale)
        // A match ruled a homonym does not make the person less clean against that list's data.
        .map((l) => staleFinding(l, this.maxAgeDays, !counted.some((f) => f.record.source === l.source))),
    ];
    if (subject.ownerId && !consideredFindings(findings, false).some((f) => f.severity === 'adverse')) {
      await enrol(
        this.db,
        [
          enrolmentKeys({
            id: subject.profileId,
            ownerId: subject.ownerId,
            name: subject.name,
            documentId: subject.documentId,
            birthDate: subject.birthDate,
          }),
        ],
        'screening',
        null,
      );
    }
    return {
      findings,
      details: {
        threshold,
        lists: screening.lists.map((l) => ({
          source: l.source,
          seq: l.seq,
          dataAsOf: l.dataAsOf?.toISOString() ?? null,
          stale: l.stale,
        })),
      },
    };
  }
}
