/**
 * docs/openapi.json is the OpenAPI document the server serves at /api/docs/json, written from a built app
 * that never listens (an empty in-memory PGlite: building needs no rows). Clients and readers take it from
 * docs/; `npm run lint` checks it is up to date, then lints it with Redocly (redocly.yaml).
 *   npm run docs:openapi                          rewrite docs/openapi.json
 *   tsx scripts/openapi-document.ts --check       exit 1 when docs/openapi.json differs from the served one
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../apps/server/src/app.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DOCUMENT = path.join(ROOT, 'docs/openapi.json');

/** The document as the server serves it. */
export async function servedDocument(): Promise<object> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, database: await openPglite('memory://') });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

/** JSON as Prettier writes it, so `prettier --check` and this script agree on the file's bytes. */
export async function documentText(document: object): Promise<string> {
  const options = await resolveConfig(DOCUMENT);
  return format(JSON.stringify(document), { ...options, filepath: DOCUMENT });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await documentText(await servedDocument());
  if (process.argv.includes('--check')) {
    if (readFileSync(DOCUMENT, 'utf8') !== text) {
      console.error('docs/openapi.json differs from the document the server serves: run `npm run docs:openapi`');
      process.exit(1);
    }
    console.log('docs/openapi.json: the served document');
  } else {
    writeFileSync(DOCUMENT, text);
    console.log('wrote docs/openapi.json');
  }
}
