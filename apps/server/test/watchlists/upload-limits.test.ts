import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { ERROR_MESSAGES } from '@centinela/shared';
import { describe, expect, test } from '../helper.ts';
import { listHealth, staffSignedIn } from './lists.ts';
import { OFAC_MARCH } from './support.ts';

/** The cap the tests run with (WATCHLIST_UPLOAD_MAX_BYTES), small so the files stay small. */
const CAP = 64 * 1024;
/** Two whole OFAC rows and the end mark. */
const SMALL_LIST = Buffer.from(
  [
    '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Havana, Cuba."',
    '173,"ANGLO-CARIBBEAN CO., LTD.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"London, UK."',
    '\x1a',
    '',
  ].join('\r\n'),
  'latin1',
);
const URL = '/api/v1/watchlists/sources/ofac-sdn/upload';

describe('a list upload is bounded by WATCHLIST_UPLOAD_MAX_BYTES, received and unpacked', () => {
  test.override({ env: { WATCHLIST_UPLOAD_MAX_BYTES: String(CAP) } });

  test('over the cap as sent, declared or not, and blank lines before a real file: 413', async ({ app }) => {
    const staff = await staffSignedIn(app);
    const upload = (payload: Buffer | Readable, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: URL,
        headers: { ...staff.headers, 'content-type': 'text/csv', 'accept-language': 'es', ...headers },
        payload,
      });
    const padded = Buffer.concat([Buffer.from('\r\n'.repeat(CAP)), SMALL_LIST]);
    for (const [name, response] of [
      ['declared', await upload(padded)],
      ['streamed', await upload(Readable.from([padded.subarray(0, CAP), padded.subarray(CAP)]))],
    ] as const) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(413);
      expect(response.json(), name).toEqual({ code: 'body_too_large', message: ERROR_MESSAGES.body_too_large.es });
    }
    expect((await listHealth(app, staff.headers, 'ofac-sdn')).current).toBeNull();
    // Under the cap, the same list loads.
    expect((await upload(SMALL_LIST)).statusCode).toBe(200);
  });

  test('a gzip body: loaded when it unpacks under the cap, 413 when it unpacks past it', async ({ app }) => {
    const staff = await staffSignedIn(app);
    const headers = { ...staff.headers, 'content-type': 'text/csv', 'content-encoding': 'gzip' };
    const small = await app.inject({ method: 'POST', url: URL, headers, payload: gzipSync(SMALL_LIST) });
    expect(small.statusCode, small.body).toBe(200);
    // 64 MiB of blank lines packs into some 64 KiB: a bomb for this cap, a few kilobytes for the test.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, '\n'));
    expect(bomb.length).toBeLessThan(CAP);
    const refused = await app.inject({ method: 'POST', url: URL, headers, payload: bomb });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().code).toBe('body_too_large');
    const broken = await app.inject({ method: 'POST', url: URL, headers, payload: Buffer.from('not gzip at all') });
    expect(broken.statusCode, broken.body).toBe(400);
  });

  test('XML nested past any list’s depth is refused before it fills memory', async ({ app }) => {
    const staff = await staffSignedIn(app);
    const deep = `<?xml version="1.0"?><CONSOLIDATED_LIST>${'<A>'.repeat(5000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/watchlists/sources/un-sc/upload',
      headers: { ...staff.headers, 'content-type': 'application/xml' },
      payload: deep,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().issues[0].message).toMatch(/nested over 32 deep/);
  });

  test('over HTTP, a refused upload still reads its answer while the client is sending', async ({ app }) => {
    const staff = await staffSignedIn(app);
    await app.listen({ host: '127.0.0.1', port: 3521 });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: 3521,
          path: URL,
          method: 'POST',
          headers: { ...staff.headers, 'content-type': 'text/csv' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      // Chunked, no length declared: the server finds out by counting; the client keeps sending until it answers.
      let sent = 0;
      let answered = false;
      req.on('response', () => (answered = true));
      const pump = () => {
        while (!answered && sent < 16 * CAP) {
          sent += CAP / 4;
          if (!req.write(Buffer.alloc(CAP / 4, '\n'))) return req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('body_too_large');
  });
});

describe('health while a list is being read', () => {
  test('GET /api/health answers while an upload is mid-parse; the upload then completes', async ({ app }) => {
    const staff = await staffSignedIn(app);
    const file = await readFile(OFAC_MARCH);
    await app.listen({ host: '127.0.0.1', port: 3523 });
    let finishUpload!: () => void;
    const uploaded = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: 3523,
          path: URL,
          method: 'POST',
          headers: { ...staff.headers, 'content-type': 'text/csv' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      // All but the last line: the server has thousands of rows to parse and cannot answer yet.
      const cut = file.length - 8;
      req.write(file.subarray(0, cut));
      finishUpload = () => req.end(file.subarray(cut));
    });
    // The upload cannot finish before its last bytes are sent, which only happens once health answered.
    const health = await fetch('http://127.0.0.1:3523/api/health');
    expect(health.status).toBe(200);
    finishUpload();
    expect(await uploaded).toBe(200);
  });
});
