/**
 * Backups of the database and the files beside it (`npm run backup`, `npm run restore`).
 *
 * A backup is one gzipped tar:
 *   centinela-backup.json       what it holds (format, database kind, when, which file directories)
 *   database/pgdata.tar.gz      PGlite: the PostgreSQL files of its data directory
 *   database/postgres.dump      PostgreSQL: `pg_dump --format=custom`
 *   files/uploads|sol|csv/…     uploaded documents, call recordings, CSV files of imports under way
 *
 * PGlite is one process's: while a server (or `npm run worker`) has the data directory open, it answers
 * on a Unix socket in that directory (`backup.sock`, 0600) and copies its files itself while holding
 * PGlite's query lock, so no statement runs during the copy. That is the image a stopped server leaves:
 * every committed transaction is in the WAL (PGlite commits synchronously), and PostgreSQL's recovery at
 * the next start rolls back what was not committed. PGlite's own `dumpDataDir` does the same under the
 * same lock, but reads everything under the directory into memory — uploads included — and fails on a
 * socket; this copy takes only PostgreSQL's files and streams them.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import * as tar from 'tar';
import type { Database } from './client.ts';

export const BACKUP_FORMAT = 1;
const MANIFEST = 'centinela-backup.json';
const PGDATA = 'database/pgdata.tar.gz';
const PGDUMP = 'database/postgres.dump';
/** Directories of files a backup carries, by their name inside it. */
export type FileDirs = Partial<Record<'uploads' | 'sol' | 'csv', string>>;
export type Manifest = { format: number; database: 'pglite' | 'postgres'; createdAt: string; files: string[] };
type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

/** The socket a process holding a PGlite data directory answers backup requests on. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');
/** Linux's limit for a Unix socket's path (sun_path, with its terminating NUL). */
const SOCKET_PATH_MAX = 107;
/** PostgreSQL's own entries at the top of a data directory; anything else there (uploads/, …) is ours. */
const PG_ENTRY = /^(PG_VERSION|base|global|pg_[\w.]+|postgresql(\.auto)?\.conf|postmaster\.opts)$/;

/** A gzipped tar of the PostgreSQL files of `dataDir` (nothing runs on it meanwhile: the caller sees to that). */
function packPgdata(dataDir: string) {
  return tar.create(
    { gzip: true, cwd: dataDir, portable: true },
    readdirSync(dataDir).filter((name) => PG_ENTRY.test(name)),
  );
}

/**
 * Answers backup requests for this process's PGlite data directory: a client writes `dump\n` and receives
 * the gzipped tar of its PostgreSQL files, copied under PGlite's query lock; on a failure the connection is
 * cut and the client finds the archive incomplete. Returns the function that stops answering.
 */
export async function serveBackups(database: Database, dataDir: string, log: Log): Promise<() => Promise<void>> {
  const exclusive = database.exclusive;
  const socketPath = backupSocketPath(dataDir);
  if (!exclusive || dataDir.startsWith('memory://')) return async () => {};
  if (socketPath.length > SOCKET_PATH_MAX) {
    log.warn(
      { socketPath },
      'backups: DATA_DIR is too long a path for the backup socket; back up with the server stopped',
    );
    return async () => {};
  }
  const server = net.createServer((socket) => {
    let request = '';
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      if (request.trim() !== 'dump') return socket.destroy();
      const started = performance.now();
      exclusive(() => pipeline(packPgdata(dataDir), socket)).then(
        () => log.info({ ms: Math.round(performance.now() - started) }, 'backups: database files copied'),
        (error: unknown) => {
          log.warn({ err: error }, 'backups: the copy of the database files failed');
          socket.destroy();
        },
      );
    });
  });
  await listenReplacingStale(server, socketPath);
  await chmod(socketPath, 0o600);
  // close() waits for open connections: a copy in flight finishes first.
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Listens on `socketPath`; a socket file no process answers on (left by a killed process) is replaced. */
async function listenReplacingStale(server: net.Server, socketPath: string): Promise<void> {
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await answers(socketPath)) {
      throw new Error(`another process has ${path.dirname(socketPath)} open (its backup socket answers)`, {
        cause: error,
      });
    }
    await unlink(socketPath);
    await listen();
  }
}

/** Whether a process answers on the backup socket. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Asks the process holding the data directory for its files, into `file`. */
function askForDump(socketPath: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.off('error', reject);
      socket.write('dump\n');
      pipeline(socket, createWriteStream(file)).then(resolve, reject);
    });
  });
}

const isNoServer = (error: unknown) => ['ENOENT', 'ECONNREFUSED'].includes((error as NodeJS.ErrnoException).code ?? '');

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** A connection string's password goes to pg_dump/pg_restore by PGPASSWORD, not on their command line. */
function pgArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env };
}

/** The archive is whole (gzip's checksum, tar's end) and holds a PostgreSQL data directory. */
async function checkPgdata(file: string): Promise<void> {
  const names: string[] = [];
  await tar.list({ file, strict: true, onReadEntry: (entry) => void names.push(entry.path) });
  if (!names.includes('PG_VERSION')) throw new Error('the database copy is incomplete (no PG_VERSION)');
}

export type BackupSource = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

/**
 * Writes a backup to `file`. PGlite: copied by the process that has the data directory open, or here when
 * none has. Files are taken after the database, so every file a backed-up row names is there (a file
 * written meanwhile comes along unnamed; a person deleted meanwhile may lack theirs).
 */
export async function writeBackup(
  source: BackupSource,
  dirs: FileDirs,
  file: string,
): Promise<{ manifest: Manifest; bytes: number; online: boolean }> {
  const staging = await mkdtemp(path.join(tmpdir(), 'centinela-backup-'));
  try {
    await mkdir(path.join(staging, 'database'));
    let online = false;
    if (source.kind === 'pglite') {
      if (!existsSync(path.join(source.dataDir, 'PG_VERSION'))) throw new Error(`no database in ${source.dataDir}`);
      const pgdata = path.join(staging, PGDATA);
      try {
        await askForDump(backupSocketPath(source.dataDir), pgdata);
        online = true;
      } catch (error) {
        if (!isNoServer(error)) throw error;
        // No process has it open: its files are still.
        await pipeline(packPgdata(source.dataDir), createWriteStream(pgdata));
      }
      await checkPgdata(pgdata);
    } else {
      const { dbname, env } = pgArgs(source.databaseUrl);
      const out = `--file=${path.join(staging, PGDUMP)}`;
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', out, dbname], env);
      online = true;
    }
    const files: string[] = [];
    await mkdir(path.join(staging, 'files'));
    for (const [name, dir] of Object.entries(dirs)) {
      if (!dir || (await isEmptyDir(dir))) continue;
      // Followed by tar (follow: true): the directory's files go in under files/<name>, not copied first.
      await symlink(path.resolve(dir), path.join(staging, 'files', name));
      files.push(name);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      database: source.kind,
      createdAt: new Date().toISOString(),
      files,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, cwd: staging, file: partial, follow: true, portable: true }, [
      MANIFEST,
      'database',
      ...files.map((name) => `files/${name}`),
    ]);
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size, online };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export type RestoreTarget =
  { kind: 'pglite'; dataDir: string; open: () => Promise<Database> } | { kind: 'postgres'; databaseUrl: string };

/**
 * Restores a backup into an empty data directory (PGlite) or an empty database (PostgreSQL) and empty file
 * directories; refuses anything else before writing a byte. Returns what the backup held.
 */
export async function restoreBackup(file: string, target: RestoreTarget, dirs: FileDirs): Promise<Manifest> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.kind === 'pglite') {
    if (await answers(backupSocketPath(target.dataDir)))
      throw new Error(`a server has ${target.dataDir} open: stop it first`);
    if (!(await isEmptyDir(target.dataDir)))
      throw new Error(`${target.dataDir} is not empty: restore into a new DATA_DIR (move the old one aside)`);
  } else {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`,
      );
      if (Number(rows[0]!.n) > 0) throw new Error('the database is not empty: restore into a new database (createdb)');
    } finally {
      await client.end();
    }
  }
  for (const [name, dir] of Object.entries(dirs)) {
    if (dir && !(await isEmptyDir(dir)))
      throw new Error(`${dir} (${name}) is not empty: restore into empty directories`);
  }

  const staging = await mkdtemp(path.join(tmpdir(), 'centinela-restore-'));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${manifest.format}`);
    if (manifest.database !== target.kind)
      throw new Error(
        manifest.database === 'pglite'
          ? 'this is a backup of the embedded database: restore it without DATABASE_URL'
          : 'this is a backup of a PostgreSQL database: restore it with DATABASE_URL set',
      );
    if (target.kind === 'pglite') {
      await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
      await tar.extract({ file: path.join(staging, PGDATA), cwd: target.dataDir, strict: true });
      // PostgreSQL refuses a data directory others can read.
      await chmod(target.dataDir, 0o700);
      // Opening it runs PostgreSQL's recovery: the image of a running server comes back consistent.
      const database = await target.open();
      await database.close();
    } else {
      const { dbname, env } = pgArgs(target.databaseUrl);
      const args = [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${dbname}`,
        path.join(staging, PGDUMP),
      ];
      await run('pg_restore', args, env);
    }
    for (const name of manifest.files) {
      const to = dirs[name as keyof FileDirs];
      if (!to) continue;
      await mkdir(to, { recursive: true });
      const from = path.join(staging, 'files', name);
      for (const entry of await readdir(from)) await moveInto(path.join(from, entry), path.join(to, entry));
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** rename, or copy and remove across file systems (the staging directory is in tmp). */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    if ((await stat(from)).isDirectory()) {
      await mkdir(to, { recursive: true });
      for (const entry of await readdir(from)) await moveInto(path.join(from, entry), path.join(to, entry));
    } else {
      await pipeline(createReadStream(from), createWriteStream(to, { mode: 0o600 }));
    }
    await rm(from, { recursive: true, force: true });
  }
}
