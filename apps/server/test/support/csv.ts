import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/db/client.ts';
import { csvJobs } from '../../src/db/schema/index.ts';

export const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/csv', name));

/** POST /api/v1/csv/jobs with the file as the body, like the wizard's upload. */
export function upload(
  app: App,
  headers: Record<string, string>,
  body: Buffer | string,
  fileName = 'personas.csv',
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/csv/jobs?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...headers, 'content-type': 'text/csv', ...extra },
    payload: body,
  });
}

/** An uploaded (not started) job with a header `nombre,documento` and no file: enough for the routes that read the row. */
export async function createCsvJob(db: Db, ownerId: string) {
  const [job] = await db
    .insert(csvJobs)
    .values({
      ownerId,
      fileName: 'personas.csv',
      fileSize: 10,
      country: 'xx',
      headers: ['nombre', 'documento'],
      delimiter: ',',
      encoding: 'utf-8',
      rowCount: 1,
    })
    .returning();
  return job!;
}
