import {
  conversationDuration,
  conversationSegments,
  SANDBOX_CONVERSATIONS,
  type ReferenceCheck,
} from '@centinela/shared';

const NAMES = { es: ['Carolina Méndez', 'Andrés Gómez'], en: ['Karen Miller', 'David Chen'] };
const RELATIONSHIPS = { es: ['Jefa directa', 'Supervisor'], en: ['Direct manager', 'Team lead'] };

/** The example report of the intro dialog: the sandbox conversations as a finished check (no request made). */
export function sampleReferenceCheck(language: 'en' | 'es'): ReferenceCheck {
  const at = '2026-01-15T15:00:00.000Z';
  const conversations = SANDBOX_CONVERSATIONS.filter((c) => c.language === language);
  const references = conversations.map((c, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i + 1}`,
    name: NAMES[language][i]!,
    phone: `+5730055501${String(i + 1).padStart(2, '0')}`,
    relationship: RELATIONSHIPS[language][i]!,
    status: 'completed' as const,
    callAttempts: 1,
    callDurationSeconds: Math.round(conversationDuration(c)),
    whatsappContactedAt: at,
    calledAt: at,
    claimed: c.stated,
    stated: c.stated,
    summary: c.summary,
    evidence: c.evidence,
    transcript: null,
    segments: conversationSegments(c),
    hasRecording: true,
  }));
  return {
    id: '00000000-0000-4000-8000-000000000000',
    profileId: '00000000-0000-4000-8000-000000000000',
    reportId: null,
    status: 'completed',
    candidatePhone: '+573005550100',
    language,
    createdAt: at,
    candidateContactedAt: at,
    candidateRepliedAt: at,
    deadlineAt: '2026-01-17T15:00:00.000Z',
    completedAt: at,
    declinedAt: null,
    expiredAt: null,
    references,
    crossCheck: references.flatMap((r) =>
      (['company', 'position', 'start', 'end'] as const).map((field) => ({
        referenceId: r.id,
        field,
        claimed: r.claimed[field],
        stated: r.stated[field],
        result: 'match' as const,
      })),
    ),
    fraudSignals: [],
  };
}

/** The demo call and sample recordings are static media (SPEC §7). */
export const demoCallUrl = (language: 'en' | 'es') => `/media/sol/demo-call-${language}.ogg`;
export const introVideoUrl = (language: 'en' | 'es') => `/media/sol/intro-${language}.webm`;
export const sampleRecordingUrl = (language: 'en' | 'es', index: number) =>
  `/media/sol/demo-call-${language}${index === 0 ? '' : '-2'}.ogg`;
