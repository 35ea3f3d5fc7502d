import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { readCsv } from '../src/domains/csv/read.ts';
import { CsvFileError } from '../src/domains/csv/errors.ts';

async function records(text: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'csv-read-'));
  const file = path.join(dir, 'people.csv');
  await writeFile(file, text);
  try {
    const out = [];
    for await (const r of readCsv(file, { encoding: 'utf-8', delimiter: ',' })) out.push(r);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// One stray quote inside an unquoted field rejected the whole file as unparsable.
test('a quote inside an unquoted field is part of the text, as Excel reads it; the other lines are untouched', async () => {
  const rows = await records('name,documentId\nBeto "El Gato" Ruiz,1020304050\n"Ana, Gómez",1020304051\n');
  expect(rows.map((r) => r.cells)).toEqual([
    ['name', 'documentId'],
    ['Beto "El Gato" Ruiz', '1020304050'],
    ['Ana, Gómez', '1020304051'],
  ]);
});

test('a quoted field that never closes is still an unparsable file, with its line', async () => {
  await expect(records('name,documentId\n"Ana,1020304050\nLuis,1020304051\n')).rejects.toBeInstanceOf(CsvFileError);
});
