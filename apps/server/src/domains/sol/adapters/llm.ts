import { SOL_SUMMARY_FIELDS } from '@centinela/shared';
import { call } from './http.ts';
import type { CallSummary, Language, LlmAdapter, Transcription } from './types.ts';

/**
 * Any OpenAI-compatible endpoint: audio transcriptions (verbose_json with segments) and chat
 * completions answering a JSON schema (structured outputs) for the summary.
 */
export type LlmConfig = { baseUrl: string; apiKey: string; chatModel: string; transcriptionModel: string };

const claim = { type: ['string', 'null'] };
export const SUMMARY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['speakers', 'summary', 'evidence', 'stated'],
  properties: {
    speakers: { type: 'array', items: { type: 'string', enum: ['sol', 'reference'] } },
    summary: {
      type: 'object',
      additionalProperties: false,
      required: [...SOL_SUMMARY_FIELDS],
      properties: Object.fromEntries(SOL_SUMMARY_FIELDS.map((f) => [f, { type: 'string' }])),
    },
    evidence: {
      type: 'object',
      additionalProperties: false,
      required: [...SOL_SUMMARY_FIELDS],
      properties: Object.fromEntries(SOL_SUMMARY_FIELDS.map((f) => [f, { type: 'integer' }])),
    },
    stated: {
      type: 'object',
      additionalProperties: false,
      required: ['company', 'position', 'start', 'end'],
      properties: { company: claim, position: claim, start: claim, end: claim },
    },
  },
} as const;

export class OpenAiCompatibleLlm implements LlmAdapter {
  private readonly config: LlmConfig;

  constructor(config: LlmConfig) {
    this.config = config;
  }

  #url(p: string) {
    return `${this.config.baseUrl.replace(/\/$/, '')}${p}`;
  }

  async transcribe(input: {
    audio: Buffer;
    contentType: string;
    fileName: string;
    language: Language;
  }): Promise<Transcription> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(input.audio)], { type: input.contentType }), input.fileName);
    form.append('model', this.config.transcriptionModel);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    form.append('language', input.language);
    const response = await call(this.#url('/audio/transcriptions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.apiKey}` },
      body: form,
      timeoutMs: 300_000,
    });
    const body = (await response.json()) as {
      segments?: { start: number; end: number; text: string }[];
      text?: string;
    };
    const segments = (body.segments ?? []).map((s) => ({
      start: Number(s.start),
      end: Number(s.end),
      text: String(s.text).trim(),
    }));
    return { segments: segments.length > 0 ? segments : body.text ? [{ start: 0, end: 0, text: body.text }] : [] };
  }

  async summarise(input: Parameters<LlmAdapter['summarise']>[0]): Promise<CallSummary> {
    const numbered = input.segments.map((s, i) => `[${i}] ${s.text}`).join('\n');
    const response = await call(this.#url('/chat/completions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: this.config.chatModel,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content:
              `You summarise an employment-reference phone call made by Sol (an assistant) to a reference of the candidate ${input.candidateName}. ` +
              `Answer in ${input.language === 'es' ? 'Spanish' : 'English'}. For each numbered segment say who speaks (sol or reference). ` +
              'Fill every summary field from what the reference said, and give for each the number of the segment it comes from. ' +
              'In "stated", give the company, position and dates (YYYY-MM, or "present") the reference described, or null.',
          },
          { role: 'user', content: `Candidate's claim: ${JSON.stringify(input.claimed)}\nTranscript:\n${numbered}` },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'reference_call_summary', strict: true, schema: SUMMARY_SCHEMA },
        },
      }),
      timeoutMs: 120_000,
    });
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (!content) throw new Error('the model answered without content');
    const parsed = JSON.parse(content) as CallSummary;
    const last = input.segments.length - 1;
    // Evidence must point into this transcript: a model's out-of-range index is dropped, not trusted.
    const evidence = Object.fromEntries(
      Object.entries(parsed.evidence ?? {}).filter(([, i]) => Number.isInteger(i) && i >= 0 && i <= last),
    );
    return { ...parsed, evidence };
  }
}
