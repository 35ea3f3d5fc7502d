import { SOL_SUMMARY_FIELDS, type Reference, type SolSummaryField, type TranscriptSegment } from '@centinela/shared';

/** The passage a summary field links to (null: no evidence, or out of range). */
export function evidenceSegment(
  reference: Pick<Reference, 'evidence' | 'segments'>,
  field: SolSummaryField,
): { index: number; segment: TranscriptSegment } | null {
  const index = reference.evidence[field];
  if (index === undefined) return null;
  const segment = reference.segments[index];
  return segment ? { index, segment } : null;
}

/** The passage playing at `time` seconds (the last one started), for highlighting while listening. */
export function segmentAt(segments: readonly TranscriptSegment[], time: number): number | null {
  let found: number | null = null;
  segments.forEach((s, i) => {
    if (s.start <= time + 0.05) found = i;
  });
  return found;
}

/** Summary fields in SPEC §3 order with their text (fields the summary lacks are skipped). */
export function summaryCards(reference: Pick<Reference, 'summary'>): { field: SolSummaryField; text: string }[] {
  const summary = reference.summary;
  if (!summary) return [];
  return SOL_SUMMARY_FIELDS.filter((f) => summary[f]).map((field) => ({ field, text: summary[field] }));
}
