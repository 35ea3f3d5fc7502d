import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible server on 127.0.0.1: path-style PUT/GET/DELETE of objects held in memory. It
 * refuses requests that are not SigV4-signed with its access key (it checks the credential scope, not
 * the signature itself: that is aws4fetch's job, tested upstream).
 */
export async function startFakeS3(opts: { accessKeyId: string; bucket: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const auth = req.headers.authorization ?? '';
    if (
      !auth.startsWith(`AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/`) ||
      !req.headers['x-amz-date'] ||
      !req.headers['x-amz-content-sha256']
    ) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const prefix = `/${opts.bucket}/`;
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    if (req.method === 'PUT') {
      objects.set(key, {
        body: await read(req),
        contentType: req.headers['content-type'] ?? 'application/octet-stream',
      });
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
