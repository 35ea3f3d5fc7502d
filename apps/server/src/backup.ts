/**
 * `npm run backup` and `npm run restore`: the database and the files beside it, in one archive
 * (`db/backup.ts` says what it holds). Same configuration as the server (DATABASE_URL, DATA_DIR,
 * UPLOAD_DIR, SOL_DIR, CSV_DIR).
 *   npm run backup                        writes centinela-backup-<time>.tar.gz here (the server may run)
 *   npm run backup -- /backups/today.tar.gz
 *   npm run restore -- /backups/today.tar.gz   into an empty DATA_DIR (PGlite) or an empty database
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './lib/config.ts';
import { openPglite } from './db/client.ts';
import { restoreBackup, writeBackup, type FileDirs } from './db/backup.ts';
import { uploadDir } from './domains/uploads/storage.ts';
import { recordingsDir } from './domains/sol/index.ts';
import { csvDir } from './domains/csv/files.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const [command, file] = process.argv.slice(2);
const config = configOrExit();
if (config.DATA_DIR.startsWith('memory://')) {
  console.error('DATA_DIR is in memory: there is nothing on disk to back up or restore into');
  process.exit(1);
}
// Uploads in a bucket are the bucket's to back up (its versioning or replication), not ours.
const dirs: FileDirs = {
  ...(config.UPLOAD_S3_BUCKET ? {} : { uploads: uploadDir(config) }),
  sol: recordingsDir(config),
  csv: csvDir(config),
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

try {
  if (command === 'backup') {
    const target = path.resolve(file ?? `centinela-backup-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`);
    const started = performance.now();
    const { manifest, bytes, online } = await writeBackup(
      config.DATABASE_URL
        ? { kind: 'postgres', databaseUrl: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
      dirs,
      target,
    );
    const how =
      manifest.database === 'postgres'
        ? 'PostgreSQL (pg_dump)'
        : online
          ? `the embedded database, copied by the running server`
          : `the embedded database (no server running)`;
    console.log(
      `Backup written: ${target} (${kb(bytes)}, ${Math.round(performance.now() - started)} ms): ${how}` +
        `; files: ${manifest.files.join(', ') || 'none'}` +
        (config.UPLOAD_S3_BUCKET ? ` (uploads are in the bucket ${config.UPLOAD_S3_BUCKET}: back it up there)` : ''),
    );
  } else if (command === 'restore' && file) {
    const manifest = await restoreBackup(
      path.resolve(file),
      config.DATABASE_URL
        ? { kind: 'postgres', databaseUrl: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: config.DATA_DIR, open: () => openPglite(config.DATA_DIR) },
      dirs,
    );
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR}` +
        `; files: ${manifest.files.join(', ') || 'none'}. Start the server as usual: it applies any newer migrations.`,
    );
  } else {
    console.error('usage: npm run backup [-- file.tar.gz] | npm run restore -- file.tar.gz');
    process.exit(2);
  }
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
}
