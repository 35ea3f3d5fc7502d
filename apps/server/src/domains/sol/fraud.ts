import type { EmploymentClaim, FraudSignal } from '@centinela/shared';
import { sameCompany } from './cross-check.ts';

/**
 * Fraud signals of a reference check, each Low/Medium/High with the values its reason
 * needs. Pure: the caller supplies how many of the owner's other candidates list each phone. Signal ids
 * are stable (kind + what it is about), so a reviewer's "resolved" survives a recomputation.
 */
export type FraudInput = {
  candidatePhone: string;
  references: {
    id: string;
    name?: string;
    phone: string;
    claimed: EmploymentClaim | null;
    stated: EmploymentClaim | null;
  }[];
  /** phone → number of the owner's OTHER candidates (profiles) who listed it as a reference. */
  otherCandidatesByPhone: Map<string, number>;
};

const digits = (phone: string) => phone.replace(/[^0-9]/g, '');
const signal = (s: Omit<FraudSignal, 'resolvedAt' | 'resolvedBy'>): FraudSignal => ({
  ...s,
  resolvedAt: null,
  resolvedBy: null,
});

export function fraudSignals(input: FraudInput): FraudSignal[] {
  const out: FraudSignal[] = [];
  const candidate = digits(input.candidatePhone);
  for (const ref of input.references) {
    if (digits(ref.phone) === candidate) {
      out.push(
        signal({
          id: `phone_is_candidate-${ref.id}`,
          kind: 'phone_is_candidate',
          level: 'high',
          referenceIds: [ref.id],
          params: { phone: ref.phone, name: ref.name ?? '' },
        }),
      );
    }
  }
  const byPhone = new Map<string, typeof input.references>();
  for (const ref of input.references) byPhone.set(digits(ref.phone), [...(byPhone.get(digits(ref.phone)) ?? []), ref]);
  for (const [phone, refs] of byPhone) {
    if (refs.length > 1) {
      out.push(
        signal({
          id: `phone_shared_between_references-${phone}`,
          kind: 'phone_shared_between_references',
          level: 'high',
          referenceIds: refs.map((r) => r.id),
          params: { phone: refs[0]!.phone, count: refs.length },
        }),
      );
    }
    const others = input.otherCandidatesByPhone.get(refs[0]!.phone) ?? 0;
    if (others > 0) {
      out.push(
        signal({
          id: `phone_reused_across_candidates-${phone}`,
          kind: 'phone_reused_across_candidates',
          level: others >= 2 ? 'high' : 'medium',
          referenceIds: refs.map((r) => r.id),
          params: { phone: refs[0]!.phone, count: others },
        }),
      );
    }
  }
  const listed = input.references.map((r) => r.claimed?.company).filter((c): c is string => Boolean(c));
  for (const ref of input.references) {
    const company = ref.stated?.company;
    if (!company || listed.length === 0) continue;
    if (!listed.some((c) => sameCompany(c, company))) {
      out.push(
        signal({
          id: `unlisted_company-${ref.id}`,
          kind: 'unlisted_company',
          level: 'medium',
          referenceIds: [ref.id],
          params: { company },
        }),
      );
    }
  }
  return out;
}

/** Keeps the reviewer's resolutions of signals that are still raised. */
export function mergeResolutions(next: FraudSignal[], previous: FraudSignal[]): FraudSignal[] {
  const before = new Map(previous.map((s) => [s.id, s]));
  return next.map((s) => {
    const old = before.get(s.id);
    return old?.resolvedAt ? { ...s, resolvedAt: old.resolvedAt, resolvedBy: old.resolvedBy } : s;
  });
}
