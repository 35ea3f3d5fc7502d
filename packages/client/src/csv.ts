import type { CentinelaClient } from './types.ts';

/** A CSV file: a Blob (a browser's File, Node's `fs.openAsBlob(path)`: read as it is sent), its text or its bytes. */
export type CsvFile = Blob | string | Uint8Array<ArrayBuffer>;

/**
 * `POST /api/v1/csv/jobs`: the body is the file itself (`text/csv`), not JSON, so it goes as it is.
 * Answers the job with its header, a preview of the first rows and the columns matched automatically.
 */
export function uploadCsv(client: CentinelaClient, { file, fileName }: { file: CsvFile; fileName: string }) {
  return client.POST('/api/v1/csv/jobs', {
    params: { query: { fileName } },
    body: file instanceof Blob ? file : new Blob([file]),
    bodySerializer: (body) => body,
    headers: { 'content-type': 'text/csv' },
  });
}
