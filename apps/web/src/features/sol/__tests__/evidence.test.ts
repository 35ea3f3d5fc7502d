import { SOL_SUMMARY_FIELDS } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import { evidenceSegment, segmentAt, summaryCards } from '../utils/evidence.ts';
import { dismissSolNews, SOL_NEWS_FORCE_KEY, solNewsDismissed } from '../utils/news-storage.ts';
import { sampleReferenceCheck } from '../utils/sample-report.ts';

describe('Sol evidence and sample report', () => {
  const segments = [
    { speaker: 'sol' as const, start: 0, end: 3, text: 'Hello' },
    { speaker: 'reference' as const, start: 3.5, end: 6, text: 'Hi' },
    { speaker: 'sol' as const, start: 6.5, end: 9, text: 'Bye' },
  ];

  it('links a summary field to its passage, ignoring missing or out-of-range evidence', () => {
    expect(evidenceSegment({ segments, evidence: { rehire: 1 } }, 'rehire')).toEqual({
      index: 1,
      segment: segments[1],
    });
    expect(evidenceSegment({ segments, evidence: { rehire: 7 } }, 'rehire')).toBeNull();
    expect(evidenceSegment({ segments, evidence: {} }, 'strengths')).toBeNull();
  });

  it('knows which passage is playing', () => {
    expect(segmentAt(segments, 0)).toBe(0);
    expect(segmentAt(segments, 3.49)).toBe(1);
    expect(segmentAt(segments, 5)).toBe(1);
    expect(segmentAt(segments, 100)).toBe(2);
    expect(segmentAt([], 1)).toBeNull();
  });

  it('builds the example report from the sandbox conversations in both languages, with evidence that seeks into the audio', () => {
    for (const language of ['en', 'es'] as const) {
      const check = sampleReferenceCheck(language);
      expect(check.status).toBe('completed');
      expect(check.references).toHaveLength(2);
      for (const ref of check.references) {
        expect(summaryCards(ref).map((c) => c.field)).toEqual([...SOL_SUMMARY_FIELDS]);
        for (const field of SOL_SUMMARY_FIELDS) {
          const e = evidenceSegment(ref, field);
          expect(e?.segment.speaker).toBe('reference');
          expect(e!.segment.end).toBeGreaterThan(e!.segment.start);
        }
        // Generated timings: increasing and inside the call.
        const starts = ref.segments.map((s) => s.start);
        expect([...starts].sort((a, b) => a - b)).toEqual(starts);
        expect(ref.segments.at(-1)!.end).toBeLessThanOrEqual(ref.callDurationSeconds!);
      }
    }
    expect(sampleReferenceCheck('es').references[0]!.segments[0]!.text).toMatch(/^Buenos días/);
  });

  it('remembers the news popup per user', () => {
    // Automated browsers only see it when asked to (it would cover other tests' pages).
    expect(solNewsDismissed('u1')).toBe(true);
    window.localStorage.setItem(SOL_NEWS_FORCE_KEY, '1');
    expect(solNewsDismissed('u1')).toBe(false);
    dismissSolNews('u1');
    expect(solNewsDismissed('u1')).toBe(true);
    expect(solNewsDismissed('u2')).toBe(false);
  });
});
