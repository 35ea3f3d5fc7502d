import { afterAll, beforeAll } from 'vitest';
import { OpenAiCompatibleLlm } from '../src/domains/sol/adapters/llm.ts';
import { sandboxAdapters } from '../src/domains/sol/adapters/sandbox.ts';
import { SolTransientError, type SolAdapters } from '../src/domains/sol/adapters/types.ts';
import { twilioSignature, TwilioVoice } from '../src/domains/sol/adapters/voice.ts';
import { WhatsAppCloudMessaging, whatsappSignature } from '../src/domains/sol/adapters/whatsapp.ts';
import { createOwner } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { startFakeOpenAi } from './support/fake-openai.ts';
import { startFakeVoice } from './support/fake-voice.ts';
import { startFakeWhatsApp, whatsappWebhookBody } from './support/fake-whatsapp.ts';
import { checkState, manualClock, requestSol, solWorker } from './support/sol.ts';

const WA = { token: 'wa-token', phoneNumberId: '1098765', secret: 'wa-app-secret', verify: 'wa-verify' };
const VOICE = { accountSid: 'AC0123', authToken: 'voice-token', from: '+15550001111' };
const LLM_KEY = 'sk-test';
const PUBLIC_URL = 'https://centinela.example.com';
const SEGMENTS = [
  { start: 0, end: 4.2, text: 'Good morning, this is Sol. Am I speaking with Karen Miller?' },
  { start: 4.6, end: 5.8, text: 'Yes, speaking.' },
  { start: 6.2, end: 9.1, text: 'Where did you work together?' },
  { start: 9.5, end: 14, text: 'At Northwind Logistics, he was a warehouse assistant from 2021 to 2024.' },
];
const SUMMARY = {
  speakers: ['sol', 'reference', 'sol', 'reference'],
  summary: {
    evaluation: 'Positive',
    companyAndPosition: 'Northwind Logistics: warehouse assistant',
    employmentDates: '2021 – 2024',
    strengths: 'Reliable',
    interpersonalSkills: 'Team player',
    improvementAreas: 'Delegation',
    reasonForLeaving: 'Growth',
    rehire: 'Yes',
    overallTone: 'Warm',
  },
  evidence: {
    evaluation: 3,
    companyAndPosition: 3,
    employmentDates: 3,
    strengths: 3,
    interpersonalSkills: 3,
    improvementAreas: 3,
    reasonForLeaving: 3,
    rehire: 3,
    overallTone: 99,
  },
  stated: { company: 'Northwind Logistics', position: 'warehouse assistant', start: '2021-03', end: '2024-06' },
};

let wa: Awaited<ReturnType<typeof startFakeWhatsApp>>;
let voice: Awaited<ReturnType<typeof startFakeVoice>>;
let llm: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  wa = await startFakeWhatsApp({ token: WA.token, phoneNumberId: WA.phoneNumberId });
  voice = await startFakeVoice({ accountSid: VOICE.accountSid, authToken: VOICE.authToken });
  llm = await startFakeOpenAi({ apiKey: LLM_KEY, segments: SEGMENTS, summary: SUMMARY });
});
afterAll(async () => {
  await wa.close();
  await voice.close();
  await llm.close();
});

const messaging = () =>
  new WhatsAppCloudMessaging({ baseUrl: wa.url, phoneNumberId: WA.phoneNumberId, accessToken: WA.token });
const twilio = () =>
  new TwilioVoice({
    baseUrl: voice.url,
    accountSid: VOICE.accountSid,
    authToken: VOICE.authToken,
    from: VOICE.from,
    agentUrl: 'https://agent.example.com/twiml',
    statusCallbackUrl: `${PUBLIC_URL}/api/v1/sol/webhooks/voice`,
  });
const openai = () =>
  new OpenAiCompatibleLlm({
    baseUrl: llm.url,
    apiKey: LLM_KEY,
    chatModel: 'gpt-test',
    transcriptionModel: 'whisper-test',
  });
const realAdapters = (): SolAdapters => ({ messaging: messaging(), voice: twilio(), llm: openai(), sandbox: false });

describe('Sol adapters against fake servers', () => {
  test.override({
    env: {
      SOL_WHATSAPP_APP_SECRET: WA.secret,
      SOL_WHATSAPP_VERIFY_TOKEN: WA.verify,
      SOL_VOICE_AUTH_TOKEN: VOICE.authToken,
      SOL_PUBLIC_URL: PUBLIC_URL,
      SANDBOX_LATENCY_MS: '0',
    },
  });

  test('WhatsApp Cloud API: a template message, errors classified', async () => {
    const before = wa.sent.length;
    const { messageId } = await messaging().sendTemplate({
      to: '+573001234567',
      template: 'sol_reference_request',
      language: 'es',
      params: ['Ana', 'Acme'],
      key: 'check:1',
    });
    expect(messageId).toMatch(/^wamid\./);
    expect(wa.sent.slice(before)).toEqual([
      {
        to: '573001234567',
        template: 'sol_reference_request',
        language: 'es',
        params: ['Ana', 'Acme'],
        key: 'check:1',
      },
    ]);
    wa.failNext(503);
    await expect(
      messaging().sendTemplate({ to: '+573001234567', template: 't', language: 'es', params: [], key: 'k' }),
    ).rejects.toBeInstanceOf(SolTransientError);
    const wrong = new WhatsAppCloudMessaging({ baseUrl: wa.url, phoneNumberId: WA.phoneNumberId, accessToken: 'nope' });
    await expect(
      wrong.sendTemplate({ to: '+573001234567', template: 't', language: 'es', params: [], key: 'k' }),
    ).rejects.toThrow(/refused: 401/);
  });

  test('voice provider: a recorded call with status callback, its status and recording', async () => {
    const adapter = twilio();
    const { callId } = await adapter.startCall({
      to: '+12025550101',
      language: 'en',
      key: 'ref-1:1',
      referenceId: '00000000-0000-4000-8000-000000000001',
    });
    const call = voice.calls.find((c) => c.sid === callId)!;
    expect(call).toMatchObject({
      to: '+12025550101',
      from: VOICE.from,
      record: 'true',
      statusCallback: `${PUBLIC_URL}/api/v1/sol/webhooks/voice`,
      idempotencyKey: 'ref-1:1',
    });
    expect(await adapter.getCall(callId, new Date())).toMatchObject({ status: 'queued', recordingUrl: null });
    voice.finish(callId, 'completed', 52);
    const done = await adapter.getCall(callId, new Date());
    expect(done).toMatchObject({ status: 'completed', durationSeconds: 52 });
    const audio = await adapter.fetchRecording(done.recordingUrl!);
    expect(audio.body.subarray(0, 4).toString()).toBe('OggS');
    const bad = new TwilioVoice({
      baseUrl: voice.url,
      accountSid: VOICE.accountSid,
      authToken: 'wrong',
      from: VOICE.from,
      agentUrl: 'https://a.example',
      statusCallbackUrl: 'https://b.example',
    });
    await expect(bad.startCall({ to: '+12025550101', language: 'en', key: 'k', referenceId: 'r' })).rejects.toThrow(
      /401/,
    );
  });

  test('OpenAI-compatible: transcription segments and a schema-bound summary (bad evidence dropped)', async () => {
    const adapter = openai();
    const audio = (await sandboxAdapters(0).voice.fetchRecording('sandbox:en-1')).body;
    const t = await adapter.transcribe({ audio, contentType: 'audio/ogg', fileName: 'call.ogg', language: 'en' });
    expect(t.segments).toEqual(SEGMENTS);
    expect(llm.requests.find((r) => r.path === '/v1/audio/transcriptions')).toMatchObject({
      model: 'whisper-test',
      body: 'verbose_json|segment|en',
    });
    const s = await adapter.summarise({ segments: SEGMENTS, language: 'en', candidateName: 'John', claimed: null });
    expect(s.summary.evaluation).toBe('Positive');
    expect(s.evidence.evaluation).toBe(3);
    expect(s.evidence).not.toHaveProperty('overallTone'); // 99 is no passage of this transcript
    const chat = JSON.parse(llm.requests.find((r) => r.path === '/v1/chat/completions')!.body) as {
      model: string;
      response_format: { json_schema: { strict: boolean } };
    };
    expect(chat.model).toBe('gpt-test');
    expect(chat.response_format.json_schema.strict).toBe(true);
  });

  test('WhatsApp webhook: hub.challenge verification and X-Hub-Signature-256', async ({ app }) => {
    const ok = await app.inject({
      url: `/api/v1/sol/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WA.verify}&hub.challenge=12345`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('12345');
    const wrong = await app.inject({
      url: '/api/v1/sol/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);

    const body = whatsappWebhookBody('+573001234567', { id: 'wamid.in1', button: 'ACCEPT' });
    const post = (payload: string, signature?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sol/webhooks/whatsapp',
        payload,
        headers: { 'content-type': 'application/json', ...(signature && { 'x-hub-signature-256': signature }) },
      });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, whatsappSignature('another-secret', body))).json()).toMatchObject({
      code: 'sol_invalid_signature',
    });
    // A signature over other bytes (the body re-serialised) does not pass either.
    expect((await post(body, whatsappSignature(WA.secret, JSON.stringify(JSON.parse(body), null, 1)))).statusCode).toBe(
      401,
    );
    const good = await post(body, whatsappSignature(WA.secret, body));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: 1 });
  });

  test('voice status callback: X-Twilio-Signature over URL + sorted params', async ({ app }) => {
    const params = { CallSid: 'CA999', CallStatus: 'completed', CallDuration: '40', AccountSid: VOICE.accountSid };
    const payload = new URLSearchParams(params).toString();
    const url = `${PUBLIC_URL}/api/v1/sol/webhooks/voice`;
    const post = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sol/webhooks/voice',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      });
    expect((await post(twilioSignature('wrong', url, params))).statusCode).toBe(401);
    expect((await post(twilioSignature(VOICE.authToken, `${url}?x=1`, params))).statusCode).toBe(401);
    const good = await post(twilioSignature(VOICE.authToken, url, params));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: false }); // no such call: accepted, nothing changes
  });

  test('the whole workflow on the real adapters: webhook reply, callbacks, transcription and summary', async ({
    app,
  }) => {
    const owner = await createOwner(app.db);
    const phone = '+12025550123';
    // 10:00 (or 11:00 in summer time) in New York on the next day Sol calls: the webhook routes below
    // date the references with the real clock, so the worker's clock must not be behind it.
    const start = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 15),
    );
    while (start.getTime() <= Date.now() || start.getUTCDay() === 0) start.setUTCDate(start.getUTCDate() + 1);
    const { checkId } = await requestSol(app, owner.id, phone, 'John Smith', start);
    const clock = manualClock(start);
    const worker = solWorker(app, clock, realAdapters());
    await worker.runDue();
    expect((await checkState(app, checkId)).check.status).toBe('contacting');
    expect(wa.sent.at(-1)).toMatchObject({
      to: '12025550123',
      template: 'sol_reference_request',
      language: 'en',
      params: ['John Smith', owner.name],
      key: `check:${checkId}`,
    });

    const reply = whatsappWebhookBody(phone, {
      id: 'wamid.refs',
      text: 'Karen Miller; +1 202 555 0199; Direct manager; Northwind Logistics; warehouse assistant; 2021-03; 2024-06',
    });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/sol/webhooks/whatsapp',
      payload: reply,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(WA.secret, reply) },
    });
    expect(hook.statusCode).toBe(200);
    expect((await checkState(app, checkId)).check.status).toBe('calling');
    // The same delivery again (providers retry) changes nothing.
    await app.inject({
      method: 'POST',
      url: '/api/v1/sol/webhooks/whatsapp',
      payload: reply,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(WA.secret, reply) },
    });

    const callsBefore = voice.calls.length;
    await worker.runDue();
    let state = await checkState(app, checkId);
    expect(state.refs).toHaveLength(1);
    expect(state.refs[0]).toMatchObject({ status: 'calling', callAttempts: 1, phone: '+12025550199' });
    expect(voice.calls.length).toBe(callsBefore + 1);
    const sid = state.refs[0]!.callId!;
    // A restart mid-call: a new worker after the lease only follows the call, it places no other.
    const restarted = solWorker(app, clock, realAdapters());
    clock.advance(5 * 60_000);
    await restarted.runDue();
    expect(voice.calls.length).toBe(callsBefore + 1);

    voice.finish(sid, 'completed', 14);
    const params = { CallSid: sid, CallStatus: 'completed', CallDuration: '14', RecordingUrl: voice.recordingUrl(sid) };
    const payload = new URLSearchParams(params).toString();
    const cb = await app.inject({
      method: 'POST',
      url: '/api/v1/sol/webhooks/voice',
      payload,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(VOICE.authToken, `${PUBLIC_URL}/api/v1/sol/webhooks/voice`, params),
      },
    });
    expect(cb.json()).toEqual({ received: true });
    await restarted.runDue();
    state = await checkState(app, checkId);
    expect(state.check.status).toBe('completed');
    expect(state.refs[0]).toMatchObject({
      status: 'completed',
      callDurationSeconds: 14,
      recordingPath: `file:${state.refs[0]!.id}.ogg`,
    });
    expect(state.refs[0]!.segments?.map((s) => s.speaker)).toEqual(['sol', 'reference', 'sol', 'reference']);
    expect(state.refs[0]!.summary?.companyAndPosition).toBe('Northwind Logistics: warehouse assistant');
    expect(state.check.crossCheck.every((c) => c.result === 'match')).toBe(true);
    expect(state.report).toMatchObject({ status: 'COMPLETED' });

    const rec = await app.inject({
      url: `/api/v1/sol/references/${state.refs[0]!.id}/recording`,
      headers: { authorization: 'Bearer nope' },
    });
    expect(rec.statusCode).toBe(401);
  });

  test('outside calling hours a reference is called when the local day starts', async ({ app }) => {
    const owner = await createOwner(app.db);
    const phone = '+12025550124';
    // 04:00 UTC on a coming Tuesday–Saturday: 23:00 (or midnight in summer time) in New York, outside the
    // calling window. It must lie ahead of the real clock, which dates the references the webhook stores.
    const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 4));
    while (start.getTime() <= Date.now() || start.getUTCDay() < 2) start.setUTCDate(start.getUTCDate() + 1);
    const { checkId } = await requestSol(app, owner.id, phone, 'John Smith', start);
    const clock = manualClock(start);
    const worker = solWorker(app, clock, realAdapters());
    await worker.runDue();
    const reply = whatsappWebhookBody(phone, {
      id: 'wamid.refs2',
      text: 'Karen Miller; +1 202 555 0188; Direct manager; Northwind Logistics; warehouse assistant; 2021-03; 2024-06',
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/sol/webhooks/whatsapp',
      payload: reply,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(WA.secret, reply) },
    });
    const before = voice.calls.length;
    await worker.runDue();
    const state = await checkState(app, checkId);
    expect(voice.calls.length).toBe(before);
    const next = state.refs[0]!.nextCallAt!;
    expect(next.getTime() - start.getTime()).toBeGreaterThan(0);
    expect(next.getTime() - start.getTime()).toBeLessThan(12 * 3_600_000);
    const newYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(newYork.format(next)).toBe('09:00');
  });
});
