import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../lib/config.ts';
import { OpenAiCompatibleLlm } from './adapters/llm.ts';
import { sandboxAdapters } from './adapters/sandbox.ts';
import type { SolAdapters } from './adapters/types.ts';
import { TwilioVoice } from './adapters/voice.ts';
import { WhatsAppCloudMessaging } from './adapters/whatsapp.ts';
import type { SolSettings } from './engine.ts';

/** Downloaded recordings: SOL_DIR, else `<DATA_DIR>/sol` (the temp directory with an in-memory database). */
export function recordingsDir(config: Config): string {
  if (config.SOL_DIR) return path.resolve(config.SOL_DIR);
  return config.DATA_DIR.startsWith('memory://')
    ? path.join(tmpdir(), `centinela-sol-${process.pid}`)
    : path.join(config.DATA_DIR, 'sol');
}

export const voiceCallbackUrl = (config: Config) =>
  `${(config.SOL_PUBLIC_URL ?? '').replace(/\/$/, '')}/api/v1/sol/webhooks/voice`;

/** Each adapter is the real one when its credentials are configured, the sandbox otherwise. */
export function createAdapters(config: Config): SolAdapters {
  const sandbox = sandboxAdapters(config.SOL_SANDBOX_STEP_MS);
  const messaging =
    config.SOL_WHATSAPP_ACCESS_TOKEN && config.SOL_WHATSAPP_PHONE_NUMBER_ID
      ? new WhatsAppCloudMessaging({
          baseUrl: config.SOL_WHATSAPP_API_URL,
          phoneNumberId: config.SOL_WHATSAPP_PHONE_NUMBER_ID,
          accessToken: config.SOL_WHATSAPP_ACCESS_TOKEN,
        })
      : sandbox.messaging;
  const voice =
    config.SOL_VOICE_ACCOUNT_SID && config.SOL_VOICE_AUTH_TOKEN && config.SOL_VOICE_FROM && config.SOL_VOICE_AGENT_URL
      ? new TwilioVoice({
          baseUrl: config.SOL_VOICE_API_URL,
          accountSid: config.SOL_VOICE_ACCOUNT_SID,
          authToken: config.SOL_VOICE_AUTH_TOKEN,
          from: config.SOL_VOICE_FROM,
          agentUrl: config.SOL_VOICE_AGENT_URL,
          statusCallbackUrl: voiceCallbackUrl(config),
        })
      : sandbox.voice;
  const llm = config.SOL_LLM_API_KEY
    ? new OpenAiCompatibleLlm({
        baseUrl: config.SOL_LLM_API_URL,
        apiKey: config.SOL_LLM_API_KEY,
        chatModel: config.SOL_LLM_MODEL,
        transcriptionModel: config.SOL_LLM_TRANSCRIPTION_MODEL,
      })
    : sandbox.llm;
  return { messaging, voice, llm, sandbox: voice === sandbox.voice };
}

export function solSettings(config: Config, adapters: SolAdapters): SolSettings {
  const step = config.SOL_SANDBOX_STEP_MS;
  return {
    deadlineMs: config.SOL_DEADLINE_HOURS * 3600_000,
    maxCallAttempts: config.SOL_MAX_CALL_ATTEMPTS,
    // The sandbox compresses time: a retry comes one step later instead of hours.
    callRetryMs: adapters.sandbox ? step : config.SOL_CALL_RETRY_MINUTES * 60_000,
    callHours: config.SOL_CALL_HOURS,
    respectCallHours: !adapters.sandbox,
    waitMs: adapters.messaging.pollReplies ? Math.max(20, Math.round(step / 3)) : 30 * 60_000,
    callPollMs: adapters.sandbox ? Math.max(20, Math.round(step / 3)) : 60_000,
    recordingsDir: recordingsDir(config),
    candidateTemplate: config.SOL_WHATSAPP_TEMPLATE,
    referenceTemplate: config.SOL_WHATSAPP_REFERENCE_TEMPLATE,
  };
}
