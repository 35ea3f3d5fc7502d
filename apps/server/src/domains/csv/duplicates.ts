import {
  CSV_DUPLICATES_SHOWN,
  type CsvRowPlan,
  type DocumentType,
  type TCsvDuplicatesResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { judgeRow } from './batch.ts';
import type { CsvDelimiter, CsvEncoding } from './detect.ts';
import { candidateDocument, documentKey, existingPersons } from './documents.ts';
import { CsvFileError } from './errors.ts';
import { readCsv } from './read.ts';
import type { CsvJobRow } from './view.ts';

/**
 * Reads the uploaded file as the import will (the same choices, the same
 * row rules; rows that would fail are left out) and tells which valid rows are duplicates. The file is
 * streamed once; the owner's persons are looked up a thousand documents at a time.
 */
export async function scanDuplicates(db: Db, job: CsvJobRow, plan: CsvRowPlan): Promise<TCsvDuplicatesResponse> {
  if (!job.filePath) throw new CsvFileError('empty', 0);
  const rows: { line: number; documentType: DocumentType; documentId: string; key: string }[] = [];
  let header = true;
  for await (const record of readCsv(job.filePath, {
    encoding: job.encoding as CsvEncoding,
    delimiter: job.delimiter as CsvDelimiter,
  })) {
    if (header) {
      header = false;
      continue;
    }
    const outcome = judgeRow(job, plan, record);
    if (!('candidate' in outcome)) continue;
    const doc = candidateDocument(outcome.candidate);
    rows.push({ line: outcome.line, ...doc, key: documentKey(doc.documentType, doc.documentId) });
  }
  const existing = await existingPersons(db, job.ownerId, plan.country, rows);
  const firstLine = new Map<string, number>();
  const flagged: TCsvDuplicatesResponse['rows'] = [];
  let existingRows = 0;
  let repeated = 0;
  for (const row of rows) {
    const person = existing.get(row.key) ?? null;
    const sameAsLine = firstLine.get(row.key) ?? null;
    if (sameAsLine === null) firstLine.set(row.key, row.line);
    if (person) existingRows++;
    else if (sameAsLine !== null) repeated++;
    else continue;
    if (flagged.length <= CSV_DUPLICATES_SHOWN)
      flagged.push({ line: row.line, documentType: row.documentType, documentId: row.documentId, person, sameAsLine });
  }
  return {
    existing: existingRows,
    repeated,
    rows: flagged.slice(0, CSV_DUPLICATES_SHOWN),
    rowsTruncated: flagged.length > CSV_DUPLICATES_SHOWN,
  };
}
