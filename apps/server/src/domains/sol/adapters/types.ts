import type { EmploymentClaim, SolSummaryField, TranscriptSegment } from '@centinela/shared';

/** Sol's three outside services. Each has a real HTTP implementation and a sandbox (default). */

export type Language = 'en' | 'es';

/** A message a candidate (or reference) sent us on WhatsApp: from the webhook, or simulated by the sandbox. */
export type InboundMessage = { id: string; from: string; text: string | null; button: string | null; at: Date };

export interface MessagingAdapter {
  /** A template message (business-initiated). `key` identifies the send for idempotency. Returns the provider's message id. */
  sendTemplate(input: {
    to: string;
    template: string;
    language: Language;
    params: string[];
    key: string;
  }): Promise<{ messageId: string }>;
  /**
   * The sandbox simulates the candidate's answers (there is no webhook); real providers deliver
   * replies to the webhook route instead and leave this undefined.
   */
  pollReplies?(input: { to: string; since: Date; now: Date; key: string }): Promise<InboundMessage[]>;
}

export type CallStatus =
  'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
export const FINAL_CALL_STATUSES: readonly CallStatus[] = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

export type CallState = {
  callId: string;
  status: CallStatus;
  durationSeconds: number | null;
  recordingUrl: string | null;
};

export interface VoiceAdapter {
  /** Places an outbound call with recording on; the provider reports progress to the status callback. */
  startCall(input: {
    to: string;
    language: Language;
    key: string;
    referenceId: string;
    now?: Date;
  }): Promise<{ callId: string }>;
  /** The call as the provider knows it now (a lost callback is caught up by asking). */
  getCall(callId: string, now: Date): Promise<CallState>;
  /** The recording's bytes and media type. */
  fetchRecording(url: string): Promise<{ body: Buffer; contentType: string }>;
}

export type Transcription = { segments: { start: number; end: number; text: string }[] };

export type CallSummary = {
  /** Who speaks each segment (same order as the segments). */
  speakers: ('sol' | 'reference')[];
  summary: Record<SolSummaryField, string>;
  /** Index of the segment each field comes from. */
  evidence: Partial<Record<SolSummaryField, number>>;
  /** The job as the reference described it, for the cross-check. */
  stated: EmploymentClaim;
};

export interface LlmAdapter {
  transcribe(input: {
    audio: Buffer;
    contentType: string;
    fileName: string;
    language: Language;
  }): Promise<Transcription>;
  summarise(input: {
    segments: { start: number; end: number; text: string }[];
    language: Language;
    candidateName: string;
    claimed: EmploymentClaim | null;
  }): Promise<CallSummary>;
}

export type SolAdapters = { messaging: MessagingAdapter; voice: VoiceAdapter; llm: LlmAdapter; sandbox: boolean };

export type { TranscriptSegment };

/** The outside service failed in a way a later attempt may not (time-out, 5xx, 429). */
export class SolTransientError extends Error {}
