import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  conversationDuration,
  conversationSegments,
  sandboxConversation,
  SANDBOX_CONVERSATIONS,
  type EmploymentClaim,
} from '@centinela/shared';
import type {
  CallState,
  InboundMessage,
  Language,
  LlmAdapter,
  MessagingAdapter,
  SolAdapters,
  VoiceAdapter,
} from './types.ts';

/**
 * The sandbox (default, SOL_PROVIDER=sandbox): the whole workflow with simulated people, compressed in
 * time (`stepMs` between a send and its answer), varying by phone number like test cards (README "Sol"):
 *
 * candidate phone ends in | what happens
 *   10 | declines                                        → declined
 *   20 | never answers                                   → expired at the deadline (partial results kept)
 *   30 | the second reference never answers             → completed, that reference unreachable
 *   40 | the first reference answers on the 2nd attempt → completed
 *   50 | claims another position and dates to reference 1 → completed, cross-check mismatches
 *   60 | fraud pattern: reference 1 is the candidate's own phone, reference 2 a phone every "60" candidate
 *      | lists and a company the candidate did not list  → completed, fraud signals
 *   else | accepts, two references answer at once     → completed
 * A reference phone whose second-to-last digit is 8 never answers; 9 answers on the second attempt. Candidate phones
 * starting +1 or +44 get the English conversations, the rest Spanish.
 */

export const SANDBOX_ASSETS = path.resolve(import.meta.dirname, '../../../../assets/sol');
export const SANDBOX_SHARED_PHONE = '+573005550661';

const ending = (phone: string) => phone.replace(/[^0-9]/g, '').slice(-2);
export const sandboxLanguage = (phone: string): Language => (/^\+(1|44)/.test(phone) ? 'en' : 'es');

const NAMES = { es: ['Carolina Méndez', 'Andrés Gómez'], en: ['Karen Miller', 'David Chen'] };
const RELATIONSHIPS = { es: ['Jefa directa', 'Supervisor'], en: ['Direct manager', 'Team lead'] };

/** The references a sandbox candidate sends, as the text lines the real protocol uses. */
/** The conversation a sandbox reference's call plays: by the parity of the phone's last digit. */
export function sandboxConversationFor(phone: string, language: Language) {
  const which = SANDBOX_CONVERSATIONS.filter((c) => c.language === language);
  const digit = Number(phone.replace(/[^0-9]/g, '').slice(-1));
  return which[digit % 2 === 1 ? 0 : 1] ?? which[0]!;
}

/** How a sandbox reference answers: second-to-last digit 8 → never, 9 → on the second attempt. */
const behaviourOf = (phone: string) => {
  const d = phone.replace(/[^0-9]/g, '').slice(-2, -1);
  return d === '8' ? 'never' : d === '9' ? 'second' : 'answer';
};

/** The references a sandbox candidate sends, as the text lines the real protocol uses. */
export function sandboxReferenceLines(candidatePhone: string, language: Language): string {
  const scenario = ending(candidatePhone);
  const base = candidatePhone.replace(/[^0-9]/g, '').slice(0, -2);
  return [0, 1]
    .map((i) => {
      let phone = `+${base}${i === 0 ? (scenario === '40' ? '91' : '01') : scenario === '30' ? '82' : '02'}`;
      if (scenario === '60') phone = i === 0 ? candidatePhone : SANDBOX_SHARED_PHONE;
      let claim: EmploymentClaim = sandboxConversationFor(phone, language).stated;
      if (scenario === '50' && i === 0)
        claim = {
          ...claim,
          position: language === 'es' ? 'gerente de operaciones' : 'operations manager',
          start: '2018-01',
        };
      if (scenario === '60' && i === 1)
        claim = { ...claim, company: language === 'es' ? 'Grupo Comercial Orión' : 'Fabrikam Inc.' };
      return [
        NAMES[language][i],
        phone,
        RELATIONSHIPS[language][i],
        claim.company,
        claim.position,
        claim.start,
        claim.end,
      ].join('; ');
    })
    .join('\n');
}

class SandboxMessaging implements MessagingAdapter {
  private readonly stepMs: number;

  constructor(stepMs: number) {
    this.stepMs = stepMs;
  }

  async sendTemplate(input: { key: string }) {
    return { messageId: `sbx-msg-${input.key}` };
  }

  async pollReplies(input: { to: string; since: Date; now: Date; key: string }): Promise<InboundMessage[]> {
    if (input.now.getTime() - input.since.getTime() < this.stepMs) return [];
    const scenario = ending(input.to);
    const at = new Date(input.since.getTime() + this.stepMs);
    const message = (n: number, m: Partial<InboundMessage>): InboundMessage => ({
      id: `sbx-in-${input.key}-${n}`,
      from: input.to,
      text: null,
      button: null,
      at,
      ...m,
    });
    if (scenario === '20') return [];
    if (scenario === '10') return [message(1, { button: 'DECLINE' })];
    return [
      message(1, { button: 'ACCEPT' }),
      message(2, { text: sandboxReferenceLines(input.to, sandboxLanguage(input.to)) }),
    ];
  }
}

/** The call id carries everything the sandbox needs (no state: a restarted server answers the same). */
class SandboxVoice implements VoiceAdapter {
  private readonly stepMs: number;

  constructor(stepMs: number) {
    this.stepMs = stepMs;
  }

  async startCall(input: { to: string; language: Language; key: string; now?: Date }) {
    const attempt = Number(input.key.split(':').at(-1) ?? '1');
    const conversation = sandboxConversationFor(input.to, input.language);
    const behaviour = behaviourOf(input.to);
    return { callId: `sbx:${conversation.id}:${behaviour}:${attempt}:${(input.now ?? new Date()).getTime()}` };
  }

  async getCall(callId: string, now: Date): Promise<CallState> {
    const [, conversationId, behaviour, attempt, started] = callId.split(':');
    const conversation = sandboxConversation(conversationId ?? '');
    if (!conversation) return { callId, status: 'failed', durationSeconds: null, recordingUrl: null };
    if (now.getTime() - Number(started) < this.stepMs)
      return { callId, status: 'in-progress', durationSeconds: null, recordingUrl: null };
    if (behaviour === 'never' || (behaviour === 'second' && Number(attempt) < 2))
      return { callId, status: 'no-answer', durationSeconds: 0, recordingUrl: null };
    return {
      callId,
      status: 'completed',
      durationSeconds: Math.round(conversationDuration(conversation)),
      recordingUrl: `sandbox:${conversation.id}`,
    };
  }

  async fetchRecording(url: string) {
    const id = url.replace(/^sandbox:/, '');
    if (!sandboxConversation(id)) throw new Error(`unknown sandbox recording ${url}`);
    return { body: await readFile(path.join(SANDBOX_ASSETS, `${id}.ogg`)), contentType: 'audio/ogg' };
  }
}

/** Transcribes and summarises the pre-generated conversations (found by the recording's file name). */
class SandboxLlm implements LlmAdapter {
  async transcribe(input: { fileName: string }) {
    const conversation = sandboxConversation(input.fileName.replace(/^sandbox:/, '').replace(/\.ogg$/, ''));
    if (!conversation) return { segments: [] };
    return { segments: conversationSegments(conversation).map(({ start, end, text }) => ({ start, end, text })) };
  }

  async summarise(input: { segments: { text: string }[] }) {
    const conversation =
      SANDBOX_CONVERSATIONS.find((c) => c.lines[0]?.text === input.segments[0]?.text) ?? SANDBOX_CONVERSATIONS[0]!;
    return {
      speakers: conversation.lines.map((l) => l.speaker),
      summary: conversation.summary,
      evidence: conversation.evidence,
      stated: conversation.stated,
    };
  }
}

export function sandboxAdapters(stepMs: number): SolAdapters {
  return {
    messaging: new SandboxMessaging(stepMs),
    voice: new SandboxVoice(stepMs),
    llm: new SandboxLlm(),
    sandbox: true,
  };
}
