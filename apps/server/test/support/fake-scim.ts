import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeScimUser = { id: string; userName: string; email?: string; displayName?: string; active?: boolean };

/**
 * A small SCIM 2.0 service on 127.0.0.1 (RFC 7644 `/Users`: list with startIndex/count, read by id),
 * answering only to its bearer token; it records the requests it got.
 */
export async function startFakeScim(token: string, people: FakeScimUser[]) {
  const requests: { url: string; authorization: string | undefined }[] = [];
  const resource = (u: FakeScimUser) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    id: u.id,
    userName: u.userName,
    displayName: u.displayName,
    active: u.active ?? true,
    ...(u.email ? { emails: [{ value: u.email, primary: true, type: 'work' }] } : {}),
  });
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(401, { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/scim/v2/Users') {
      const start = Number(url.searchParams.get('startIndex') ?? 1);
      const count = Number(url.searchParams.get('count') ?? 100);
      const page = people.slice(start - 1, start - 1 + count);
      return send(200, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: people.length,
        startIndex: start,
        itemsPerPage: page.length,
        Resources: page.map(resource),
      });
    }
    const one = /^\/scim\/v2\/Users\/([^/]+)$/.exec(url.pathname);
    const person = one && people.find((p) => p.id === decodeURIComponent(one[1]!));
    if (person) return send(200, resource(person));
    return send(404, { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/scim/v2`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
