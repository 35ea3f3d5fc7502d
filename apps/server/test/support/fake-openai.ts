import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible API on 127.0.0.1: `POST /v1/audio/transcriptions` (multipart, verbose_json with
 * segments) and `POST /v1/chat/completions` (structured output: `response_format.json_schema`), bearer
 * key. It answers with the transcript and summary a test gives it, and records the requests.
 */
export async function startFakeOpenAi(opts: {
  apiKey: string;
  segments: { start: number; end: number; text: string }[];
  summary: unknown;
}) {
  const requests: { path: string; model: string | null; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return send(401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        });
      if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
        const type = req.headers['content-type'] ?? '';
        const field = (name: string) =>
          new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([^\\r]*)`).exec(raw)?.[1] ?? null;
        if (
          !type.startsWith('multipart/form-data') ||
          !/name="file"; filename="[^"]+"/.test(raw) ||
          !raw.includes('OggS')
        ) {
          return send(400, { error: { message: 'file is required', type: 'invalid_request_error' } });
        }
        requests.push({
          path: req.url,
          model: field('model'),
          body: `${field('response_format')}|${field('timestamp_granularities[]')}|${field('language')}`,
        });
        if (field('response_format') !== 'verbose_json')
          return send(400, { error: { message: 'segments need verbose_json' } });
        const text = opts.segments.map((s) => s.text).join(' ');
        return send(200, {
          task: 'transcribe',
          language: field('language'),
          duration: opts.segments.at(-1)?.end ?? 0,
          text,
          segments: opts.segments.map((s, id) => ({ id, ...s })),
        });
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        const body = JSON.parse(raw) as {
          model?: string;
          messages?: unknown[];
          response_format?: { type?: string; json_schema?: { strict?: boolean; schema?: unknown } };
        };
        requests.push({ path: req.url, model: body.model ?? null, body: raw });
        if (
          body.response_format?.type !== 'json_schema' ||
          !body.response_format.json_schema?.schema ||
          !Array.isArray(body.messages)
        ) {
          return send(400, { error: { message: 'response_format json_schema required' } });
        }
        return send(200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(opts.summary) } },
          ],
        });
      }
      send(404, { error: { message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
