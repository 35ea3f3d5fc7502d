import { createHmac, timingSafeEqual } from 'node:crypto';
import { call } from './http.ts';
import type { CallState, CallStatus, Language, VoiceAdapter } from './types.ts';

/**
 * A telephony provider's REST API, Twilio-compatible (Twilio, or any provider speaking its 2010-04-01
 * API): outbound calls with recording and a status callback signed with X-Twilio-Signature.
 */
export type VoiceConfig = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** What the call runs (the voice agent's TwiML / media-stream endpoint). */
  agentUrl: string;
  /** Our public status-callback URL (`…/api/v1/sol/webhooks/voice`). */
  statusCallbackUrl: string;
};

const KNOWN: readonly CallStatus[] = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
];
export const callStatus = (value: string | undefined): CallStatus =>
  KNOWN.includes(value as CallStatus) ? (value as CallStatus) : 'queued';

export class TwilioVoice implements VoiceAdapter {
  private readonly config: VoiceConfig;

  constructor(config: VoiceConfig) {
    this.config = config;
  }

  #account() {
    return `${this.config.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${this.config.accountSid}`;
  }

  #auth() {
    return {
      authorization: `Basic ${Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString('base64')}`,
    };
  }

  async startCall(input: { to: string; language: Language; key: string; referenceId: string }) {
    const form = new URLSearchParams({
      To: input.to,
      From: this.config.from,
      Url: `${this.config.agentUrl}${this.config.agentUrl.includes('?') ? '&' : '?'}reference=${input.referenceId}&lang=${input.language}`,
      Record: 'true',
      StatusCallback: this.config.statusCallbackUrl,
      StatusCallbackMethod: 'POST',
      RecordingStatusCallback: this.config.statusCallbackUrl,
      Timeout: '30',
    });
    for (const event of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', event);
    const response = await call(`${this.#account()}/Calls.json`, {
      method: 'POST',
      headers: {
        ...this.#auth(),
        'content-type': 'application/x-www-form-urlencoded',
        'i-twilio-idempotency-token': input.key,
      },
      body: form.toString(),
    });
    const body = (await response.json()) as { sid?: string };
    if (!body.sid) throw new Error('the voice provider answered without a call sid');
    return { callId: body.sid };
  }

  async getCall(callId: string, _now?: Date): Promise<CallState> {
    const response = await call(`${this.#account()}/Calls/${encodeURIComponent(callId)}.json`, {
      headers: this.#auth(),
    });
    const body = (await response.json()) as { sid: string; status?: string; duration?: string | null };
    const status = callStatus(body.status);
    let recordingUrl: string | null = null;
    if (status === 'completed') {
      const list = await call(`${this.#account()}/Calls/${encodeURIComponent(callId)}/Recordings.json`, {
        headers: this.#auth(),
      });
      const recordings = ((await list.json()) as { recordings?: { uri?: string }[] }).recordings ?? [];
      const uri = recordings[0]?.uri;
      if (uri) recordingUrl = `${this.config.baseUrl.replace(/\/$/, '')}${uri.replace(/\.json$/, '')}`;
    }
    return { callId, status, durationSeconds: body.duration ? Number(body.duration) : null, recordingUrl };
  }

  async fetchRecording(url: string) {
    const response = await call(url.endsWith('.mp3') ? url : `${url}.mp3`, {
      headers: this.#auth(),
      timeoutMs: 120_000,
    });
    return {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'audio/mpeg',
    };
  }
}

/** X-Twilio-Signature: base64 HMAC-SHA1(auth token, full URL + each POST param name+value, sorted by name). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data = Object.keys(params)
    .sort()
    .map((k) => {
      const v = params[k]!;
      return Array.isArray(v) ? v.map((x) => `${k}${x}`).join('') : `${k}${v}`;
    })
    .join('');
  return createHmac('sha1', authToken)
    .update(url + data)
    .digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string | string[]>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
