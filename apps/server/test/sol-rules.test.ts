import { describe, expect, test } from 'vitest';
import { crossCheck, sameCompany } from '../src/domains/sol/cross-check.ts';
import { fraudSignals, mergeResolutions } from '../src/domains/sol/fraud.ts';
import { isCallableAt, nextCallTime, zoneOfPhone } from '../src/domains/sol/hours.ts';
import { parseCandidateReply, parseReferenceLine } from '../src/domains/sol/replies.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('Sol rules (pure)', () => {
  test('cross-check: lenient on suffixes, accents and a month; strict on another company or years', () => {
    expect(sameCompany('Logística Andina S.A.S.', 'logistica andina')).toBe(true);
    expect(sameCompany('Distribuidora del Valle', 'Grupo Comercial Orión')).toBe(false);
    const items = crossCheck([
      {
        id: A,
        claimed: {
          company: 'Logística Andina S.A.S.',
          position: 'Auxiliar de bodega',
          start: '2021-03',
          end: '2024-06',
        },
        stated: {
          company: 'Logistica Andina',
          position: 'auxiliar de bodega senior',
          start: '2021-04',
          end: '2022-01',
        },
      },
      {
        id: B,
        claimed: { company: 'Contoso', position: null, start: null, end: 'present' },
        stated: { company: 'Fabrikam', position: 'agent', start: '2020-01', end: 'present' },
      },
    ]);
    const by = (id: string) =>
      Object.fromEntries(items.filter((i) => i.referenceId === id).map((i) => [i.field, i.result]));
    expect(by(A)).toEqual({ company: 'match', position: 'match', start: 'match', end: 'mismatch' });
    expect(by(B)).toEqual({ company: 'mismatch', position: 'unknown', start: 'unknown', end: 'match' });
    expect(crossCheck([{ id: A, claimed: null, stated: null }])).toEqual([]);
  });

  test('fraud: candidate phone, shared phone, reuse across candidates, unlisted company; resolutions survive', () => {
    const claim = { company: 'Northwind', position: 'x', start: null, end: null };
    const signals = fraudSignals({
      candidatePhone: '+57 300 123 4567',
      references: [
        { id: A, phone: '+573001234567', claimed: claim, stated: { ...claim, company: 'Northwind Logistics' } },
        { id: B, phone: '+573001234567', claimed: claim, stated: { ...claim, company: 'Umbrella Corp' } },
      ],
      otherCandidatesByPhone: new Map([['+573001234567', 2]]),
    });
    expect(signals.map((s) => [s.kind, s.level, s.referenceIds.length])).toEqual([
      ['phone_is_candidate', 'high', 1],
      ['phone_is_candidate', 'high', 1],
      ['phone_shared_between_references', 'high', 2],
      ['phone_reused_across_candidates', 'high', 2],
      ['unlisted_company', 'medium', 1],
    ]);
    expect(signals.find((s) => s.kind === 'unlisted_company')?.referenceIds).toEqual([B]);
    const one = fraudSignals({
      candidatePhone: '+1',
      references: [{ id: A, phone: '+5730099', claimed: null, stated: null }],
      otherCandidatesByPhone: new Map([['+5730099', 1]]),
    });
    expect(one.map((s) => `${s.kind}:${s.level}`)).toEqual(['phone_reused_across_candidates:medium']);
    expect(
      fraudSignals({
        candidatePhone: '+1',
        references: [{ id: A, phone: '+5730099', claimed: claim, stated: claim }],
        otherCandidatesByPhone: new Map(),
      }),
    ).toEqual([]);
    const resolved = signals.map((s, i) =>
      i === 0 ? { ...s, resolvedAt: '2026-11-22T00:00:00.000Z', resolvedBy: 'u' } : s,
    );
    expect(mergeResolutions(signals, resolved)[0]).toMatchObject({
      resolvedAt: '2026-11-22T00:00:00.000Z',
      resolvedBy: 'u',
    });
    expect(mergeResolutions(signals, resolved)[1]!.resolvedAt).toBeNull();
  });

  test('candidate replies: buttons, words, reference lines', () => {
    expect(parseCandidateReply({ text: null, button: 'ACCEPT' })).toEqual({ kind: 'accept' });
    expect(parseCandidateReply({ text: 'Sí, acepto', button: null })).toEqual({ kind: 'accept' });
    expect(parseCandidateReply({ text: 'No, gracias', button: null })).toEqual({ kind: 'decline' });
    expect(parseCandidateReply({ text: 'hola?', button: null })).toEqual({ kind: 'unknown' });
    const reply = parseCandidateReply({
      text: 'Carolina Méndez; +57 300 555 0101; Jefa directa; Logística Andina; auxiliar; 03/2021; actual\nnot a line',
      button: null,
    });
    expect(reply).toEqual({
      kind: 'references',
      references: [
        {
          name: 'Carolina Méndez',
          phone: '+573005550101',
          relationship: 'Jefa directa',
          claimed: { company: 'Logística Andina', position: 'auxiliar', start: '2021-03', end: 'present' },
        },
      ],
    });
    expect(parseReferenceLine('Ana; 123; jefa')).toBeNull();
  });

  test('calling hours in the reference time zone', () => {
    expect(zoneOfPhone('+573001234567')).toEqual({ zone: 'America/Bogota', country: 'co' });
    expect(zoneOfPhone('+50688887777').country).toBe('cr');
    const hours = { from: 9, to: 19 };
    // 13:00 UTC is 08:00 in Bogotá (too early) and 10:00 in Buenos Aires.
    const at = new Date('2026-11-24T13:00:00Z');
    expect(isCallableAt(at, 'America/Bogota', hours)).toBe(false);
    expect(isCallableAt(at, 'America/Argentina/Buenos_Aires', hours)).toBe(true);
    expect(nextCallTime(at, 'America/Bogota', hours).toISOString()).toBe('2026-11-24T14:00:00.000Z');
    // Saturday 20:00 in Bogotá → Monday 09:00 (no calls on Sunday).
    expect(nextCallTime(new Date('2026-11-29T01:00:00Z'), 'America/Bogota', hours).toISOString()).toBe(
      '2026-11-30T14:00:00.000Z',
    );
  });
});
