/**
 * One record a source returned about a person. `matchedBy: 'name'` means the source found someone with
 * the same name but could not tie the record to the document id: a possible homonym a person must judge.
 */
export type Finding = {
  /** What the record is: criminal_record, arrest_warrant, disciplinary_sanction, judicial_process, news_mention… */
  kind: string;
  matchedBy: 'id' | 'name';
  /** Adverse findings can fail a person; informational ones never do. */
  severity: 'adverse' | 'info';
  /** As the source wrote it (data, not interface text). */
  summary: string;
  /** The authority or outlet the record came from. */
  source: string;
  /** YYYY-MM-DD, when the source dates the record. */
  date: string | null;
  crimeCategory?: string;
  sentencingStatus?: string;
  /** The source's own fields, shown as received. */
  record: Record<string, unknown>;
  /** A reviewer's word on this one match (watch-list matches), kept with the finding as evidence. */
  ruling?: MatchRuling;
};

/**
 * A reviewer's ruling on one match: 'homonym' (not this person: out of consideration, name matches
 * only), 'confirmed' (it is this person: decides like a match on the document), 'acknowledged' (seen and
 * recorded; a name match still waits for the person's decision).
 */
export type MatchRuling = {
  verdict: 'homonym' | 'confirmed' | 'acknowledged';
  reason: string | null;
  /** The reviewer's username (null once the user is gone). */
  by: string | null;
  /** ISO date-time of the ruling. */
  at: string;
  /** The rulings this one replaced, newest first (from the audit trail): who changed what, when and why. */
  history?: PastRuling[];
};

/** A ruling a later one replaced. */
export type PastRuling = Omit<MatchRuling, 'history'>;

/** Finding kinds that say something about the source rather than the person (watch lists' stale data). */
const SOURCE_NOTE_KINDS: readonly unknown[] = ['list_data_stale'];

/**
 * A finding that is a note about the source, not a record of the person. Such notes carry `matchedBy: 'id'`
 * so they never ask for a homonym review; whoever shows a finding asks this before naming a match.
 */
export const isSourceNote = (finding: { kind?: unknown }) => SOURCE_NOTE_KINDS.includes(finding.kind);
