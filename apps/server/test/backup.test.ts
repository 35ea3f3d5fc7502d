/**
 * `npm run backup` / `npm run restore` (apps/server/src/backup.ts) as an operator runs them: a real server
 * on a seeded database with an uploaded file, a backup taken while it runs, a restore into a fresh data
 * directory (PGlite) or a fresh database (PostgreSQL), and a server on the restored copy that answers
 * with the same persons, reports and files.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './global-setup.ts';
import { describe, expect, test } from './helper.ts';
import { PNG } from './support/multipart.ts';
import { repoRoot, startNode, until, type Child } from './support/processes.ts';

type Target = { env: Record<string, string>; drop: () => Promise<void> };

/** An empty place to run a server on: a new data directory, and with PostgreSQL an empty database. */
async function emptyTarget(root: string, name: string): Promise<Target | null> {
  const dataDir = path.join(root, name);
  if (process.env.TEST_DB !== 'postgres') return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  const config = inject('pg');
  if (!config) return null;
  const db = `centinela_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(config.adminUrl, db) },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: config.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function startServer(env: Record<string, string>): Promise<{ child: Child; base: string }> {
  // WORKERS=false: the seeded PENDING reports stay as they are, so the two servers can be compared.
  const child = startNode('apps/server/src/main.ts', { PORT: '0', WEB_DIST: '/nonexistent', WORKERS: 'false', ...env });
  let base = '';
  await until(
    () => {
      const match = /running at (http:\/\/[^\s]+)/.exec(child.output());
      if (match) base = match[1]!.replace('localhost', '127.0.0.1');
      return Boolean(match);
    },
    'the server to listen',
    child,
    90_000,
  );
  return { child, base };
}

/** `npm run backup|restore` as the package script runs it (node on the TypeScript, no loader). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/src/backup.ts', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads loosely typed JSON
type Json = any;

/** What the API shows of the data: every person (with their reports) and the uploaded file's bytes. */
async function snapshot(base: string, uploadId: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'analyst@acme.test', password: 'centinela2026' }),
  });
  expect(login.status).toBe(200);
  const authorization = `Bearer ${((await login.json()) as Json).token}`;
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers: { authorization } });
    expect(response.status, url).toBe(200);
    return response;
  };
  const persons = ((await (await get('/api/v1/profiles?limit=200')).json()) as Json).items as { id: string }[];
  const details = [];
  for (const person of persons.slice(0, 40)) details.push(await (await get(`/api/v1/profiles/${person.id}`)).json());
  const file = Buffer.from(await (await get(`/api/v1/uploads/${uploadId}`)).arrayBuffer());
  return { persons, details, file, authorization };
}

describe('backup and restore', () => {
  test(
    'a backup taken while the server runs restores into a fresh place with the same persons, reports and files',
    { timeout: 240_000 },
    async ({ skip }) => {
      const root = mkdtempSync(path.join(tmpdir(), 'centinela-backup-test-'));
      const source = await emptyTarget(root, 'data');
      if (!source) return skip('PostgreSQL unreachable: see the banner above');
      const restored = (await emptyTarget(root, 'restored'))!;
      const archive = path.join(root, 'backup.tar.gz');
      try {
        const first = await startServer(source.env);
        // A file on a person: the backup must carry it beside the database.
        const login = (await (
          await fetch(`${first.base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'analyst@acme.test', password: 'centinela2026' }),
          })
        ).json()) as Json;
        const authorization = `Bearer ${login.token}`;
        const list = (await (
          await fetch(`${first.base}/api/v1/profiles?limit=1`, { headers: { authorization } })
        ).json()) as Json;
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'foto.png');
        const uploaded = await fetch(`${first.base}/api/v1/uploads?profileId=${list.items[0].id}`, {
          method: 'POST',
          headers: { authorization },
          body: form,
        });
        expect(uploaded.status).toBe(201);
        const uploadId = ((await uploaded.json()) as Json).id as string;
        const before = await snapshot(first.base, uploadId);
        expect(before.persons.length).toBeGreaterThan(100);
        expect(before.details.some((d: Json) => d.reports?.length > 0)).toBe(true);

        const backup = await cli(['backup', archive], source.env);
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toMatch(
          process.env.TEST_DB === 'postgres' ? /PostgreSQL \(pg_dump\)/ : /copied by the running server/,
        );
        expect(backup.output).toMatch(/files: uploads/);
        first.child.kill('SIGTERM');
        expect(await first.child.exited).toBe(0);

        const restore = await cli(['restore', archive], restored.env);
        expect(restore.code, restore.output).toBe(0);
        // A second restore over the first is refused: a restore never writes over data.
        const again = await cli(['restore', archive], restored.env);
        expect(again.code).toBe(1);
        expect(again.output).toMatch(/not empty/);

        const second = await startServer(restored.env);
        expect(second.child.output()).toContain('Demo data: already present');
        const after = await snapshot(second.base, uploadId);
        expect(after.persons).toEqual(before.persons);
        expect(after.details).toEqual(before.details);
        expect(after.file.equals(PNG)).toBe(true);
        // The sessions came along too: the first server's token signs in on the restored one.
        expect((await fetch(`${second.base}/api/v1/profiles?limit=1`, { headers: { authorization } })).status).toBe(
          200,
        );
        second.child.kill('SIGTERM');
        expect(await second.child.exited).toBe(0);
      } finally {
        await source.drop();
        await restored.drop();
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});
