/**
 * CSV import end to end on PostgreSQL: a generated file of BENCH_ROWS persons is uploaded over
 * HTTP (streamed), started, and imported by the runner (profiles committed, reports queued, batches of
 * CSV_BATCH_SIZE) — rows/second from the first byte sent to the last batch committed, next to a raw
 * `COPY` of the same rows into the same table in the same run (psql \copy: the anchor). Also prints the
 * server's peak RSS: the server runs in its own process (`apps/server/src/main.ts`, as `npm start` runs
 * it, workers on), so the figure is the server's alone, not this script's file generation or upload.
 * Target: at least 25% of raw COPY speed, peak memory under 300 MB. Writes bench/results/csv.json.
 *   npm run bench:csv    BENCH_ROWS=100000 CSV_BATCH_SIZE=1000
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (a scratch database is created there)
 */
import { execFile, spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/domains/auth/password.ts';
import { beginRun, postgresVersion } from './support/results.ts';
import { serveArgs } from './support/serve.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3198);
const BATCH = process.env.CSV_BATCH_SIZE ?? '1000';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'centinela_bench_csv';
const run = promisify(execFile);

const results = beginRun('csv');
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const databaseUrl = url.toString();
const dir = mkdtempSync(path.join(tmpdir(), 'centinela-bench-csv-'));

const database = openPostgres(databaseUrl);
await database.migrate();
await database.close();
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const ownerId = (
  await client.query<{ id: string }>(`INSERT INTO owner (code_name, name) VALUES ('bench', 'Bench S.A.') RETURNING id`)
).rows[0]!.id;
await client.query(
  `INSERT INTO "user" (owner_id, username, roles, password_hash) VALUES ($1, 'bench@example.test', '{analyst}', $2)`,
  [ownerId, await hashPassword('bench-password')],
);

// The same persons twice: as a Spanish spreadsheet (the import) and as the table's own columns (the COPY anchor).
const sheet: string[] = ['Cédula;Nombre;Teléfono;Correo'];
const raw: string[] = [];
for (let i = 0; i < ROWS; i++) {
  const doc = String(1_000_000_000 + i);
  const name = `Persona ${i}`;
  const phone = `+57300${String(1_000_000 + (i % 9_000_000))}`;
  const email = `p${i}@example.test`;
  sheet.push(`${doc};${name};${phone};${email}`);
  raw.push(`${ownerId},co,${doc},${name},${phone},${email},csv,PENDING`);
}
const sheetFile = path.join(dir, 'personas.csv');
const rawFile = path.join(dir, 'raw.csv');
writeFileSync(sheetFile, `${sheet.join('\r\n')}\r\n`);
writeFileSync(rawFile, `${raw.join('\n')}\n`);
sheet.length = 0;
raw.length = 0;

// The server in its own process, started the way `npm run serve` starts it, so its memory is its own.
const server = spawn(process.execPath, serveArgs(), {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    CSV_ROW_LIMIT: String(ROWS),
    CSV_MAX_BYTES: String(1024 * 1024 * 1024),
    CSV_DIR: dir,
    CSV_BATCH_SIZE: BATCH,
    // The import is measured: one report at a time beside it (the server stops before the COPY anchor runs).
    WORKER_CONCURRENCY: '1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
for (
  let i = 0;
  !(await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
) {
  if (i > 600) throw new Error('the server did not become healthy in 60 s');
  await sleep(100);
}
const rssOf = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024;
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password' }),
});
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

const startRss = rssOf();
let peakRss = startRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf())), 20);

const t0 = performance.now();
const uploaded = await fetch(`${base}/api/v1/csv/jobs?fileName=personas.csv`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'text/csv' },
  body: Readable.toWeb(createReadStream(sheetFile)) as ReadableStream,
  duplex: 'half',
} as RequestInit);
if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
const { job } = (await uploaded.json()) as { job: { id: string } };
const tUploaded = performance.now();
const started = await fetch(`${base}/api/v1/csv/jobs/${job.id}/start`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({
    country: 'co',
    mode: 'advanced',
    reportTypes: ['criminal_records', 'news_search'],
    mapping: { documentId: 'Cédula', name: 'Nombre', phone: 'Teléfono', email: 'Correo' },
  }),
});
if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
for (;;) {
  const detail = (await (await fetch(`${base}/api/v1/csv/jobs/${job.id}`, { headers: auth })).json()) as {
    status: string;
  };
  const status = detail.status;
  if (status === 'completed') break;
  if (status === 'failed') throw new Error(`import failed: ${JSON.stringify(detail)}`);
  await sleep(50);
}
const t1 = performance.now();
clearInterval(sampler);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

const counts = await client.query<{ profiles: string; reports: string; failed: number }>(
  `SELECT (SELECT count(*) FROM profile WHERE created_as = 'csv') AS profiles, (SELECT count(*) FROM report) AS reports, (SELECT failed FROM csv_job WHERE id = $1) AS failed`,
  [job.id],
);
const { profiles, reports, failed } = counts.rows[0]!;
if (Number(profiles) !== ROWS || failed !== 0)
  throw new Error(`imported ${profiles} persons, ${failed} failed; expected ${ROWS}`);

// The anchor: the same rows straight into the same table with PostgreSQL's COPY (no validation, no reports).
const c0 = performance.now();
await run('psql', [
  databaseUrl,
  '-v',
  'ON_ERROR_STOP=1',
  '-c',
  `\\copy profile (owner_id, country, document_id, name, phone, email, created_as, status) FROM '${rawFile}' WITH (FORMAT csv)`,
]);
const c1 = performance.now();

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
const e2e = rate(ROWS, t1 - t0);
const copy = rate(ROWS, c1 - c0);
console.log(`rows: ${ROWS} (${Number(reports).toLocaleString('en')} reports queued), batch ${BATCH}`);
console.log(`upload + inspect:             ${Math.round(tUploaded - t0)} ms`);
console.log(`end to end (upload → profiles committed → reports queued): ${Math.round(t1 - t0)} ms, ${e2e} rows/s`);
console.log(`raw COPY of the same rows (anchor):                          ${Math.round(c1 - c0)} ms, ${copy} rows/s`);
console.log(`end to end / raw COPY: ${((e2e / copy) * 100).toFixed(1)} % (target ≥ 25 %)`);
console.log(
  `peak RSS of the server process: ${Math.round(peakRss / 1024 / 1024)} MB, ${Math.round(startRss / 1024 / 1024)} MB before the upload (target < 300 MB)`,
);

const share = (e2e / copy) * 100;
const peakMb = Math.round(peakRss / 1024 / 1024);
const startMb = Math.round(startRss / 1024 / 1024);
const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
results.write({
  title: `CSV import end to end: ${ROWS.toLocaleString('en')} rows uploaded, validated, committed and their reports queued, next to a raw COPY`,
  command: 'npm run bench:csv',
  database: postgresVersion(serverVersion),
  settings: { rows: ROWS, 'batch size': Number(BATCH), 'reports per row': 2 },
  summary: {
    figure: `${e2e} rows/s end to end (${Math.round(t1 - t0)} ms); server RSS ${startMb} MB before, ${peakMb} MB at peak`,
    anchor: `raw COPY of the same rows ${copy} rows/s (the import runs at ${share.toFixed(1)}% of it)`,
  },
  targets: [
    { target: '≥ 25% of raw COPY', measured: `${share.toFixed(1)}%`, met: share >= 25 },
    { target: 'server peak RSS < 300 MB', measured: `${peakMb} MB`, met: peakMb < 300 },
  ],
  tables: [
    {
      rows: [
        {
          what: 'CSV import end to end (upload → profiles committed → reports queued)',
          ms: Math.round(t1 - t0),
          'rows/s': e2e,
          'server RSS before MB': startMb,
          'server RSS peak MB': peakMb,
        },
        {
          what: 'upload + inspect alone',
          ms: Math.round(tUploaded - t0),
          'rows/s': null,
          'server RSS before MB': null,
          'server RSS peak MB': null,
        },
        {
          what: 'raw COPY of the same rows (anchor)',
          ms: Math.round(c1 - c0),
          'rows/s': copy,
          'server RSS before MB': null,
          'server RSS peak MB': null,
        },
      ],
    },
  ],
});

await client.end();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.end();
rmSync(dir, { recursive: true, force: true });
