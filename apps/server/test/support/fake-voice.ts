import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

type FakeCall = {
  sid: string;
  to: string;
  from: string;
  url: string;
  record: string;
  statusCallback: string;
  idempotencyKey: string | undefined;
  status: string;
  duration: string | null;
};

/**
 * A Twilio-compatible voice API on 127.0.0.1 (2010-04-01: create a call, read it, list its recordings,
 * fetch a recording), basic auth with the account sid and auth token. A test sets a call's outcome
 * with `finish(sid, status, duration)`.
 */
export async function startFakeVoice(opts: { accountSid: string; authToken: string }) {
  const calls: FakeCall[] = [];
  const recording = readFileSync(path.resolve(import.meta.dirname, '../../assets/sol/en-1.ogg'));
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const base = `/2010-04-01/Accounts/${opts.accountSid}`;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== auth) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === `${base}/Calls.json`) {
        const form = new URLSearchParams(raw);
        if (!form.get('To') || !form.get('From') || !form.get('Url'))
          return send(400, { code: 21201, message: 'Missing parameter', status: 400 });
        const call: FakeCall = {
          sid: `CA${String(calls.length + 1).padStart(32, '0')}`,
          to: form.get('To')!,
          from: form.get('From')!,
          url: form.get('Url')!,
          record: form.get('Record') ?? 'false',
          statusCallback: form.get('StatusCallback') ?? '',
          idempotencyKey: req.headers['i-twilio-idempotency-token'] as string | undefined,
          status: 'queued',
          duration: null,
        };
        calls.push(call);
        return send(201, { sid: call.sid, status: call.status, to: call.to, from: call.from });
      }
      const one = new RegExp(`^${base}/Calls/(CA\\d+)\\.json$`).exec(url.pathname);
      const call = one && calls.find((c) => c.sid === one[1]);
      if (req.method === 'GET' && call)
        return send(200, { sid: call.sid, status: call.status, duration: call.duration });
      const recs = new RegExp(`^${base}/Calls/(CA\\d+)/Recordings\\.json$`).exec(url.pathname);
      const recCall = recs && calls.find((c) => c.sid === recs[1]);
      if (req.method === 'GET' && recCall) {
        return send(200, {
          recordings:
            recCall.status === 'completed'
              ? [{ sid: `RE${recCall.sid.slice(2)}`, uri: `${base}/Recordings/RE${recCall.sid.slice(2)}.json` }]
              : [],
        });
      }
      if (req.method === 'GET' && new RegExp(`^${base}/Recordings/RE\\d+\\.mp3$`).test(url.pathname)) {
        res.writeHead(200, { 'content-type': 'audio/ogg', 'content-length': recording.length });
        return res.end(recording);
      }
      send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    finish: (sid: string, status: string, duration: number) => {
      const call = calls.find((c) => c.sid === sid);
      if (call) Object.assign(call, { status, duration: String(duration) });
    },
    recordingUrl: (sid: string) => `http://127.0.0.1:${port}${base}/Recordings/RE${sid.slice(2)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
