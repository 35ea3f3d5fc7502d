import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Locale, TExportProfilesRequest } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { pipelines, profiles } from '../../db/schema/index.ts';
import type { TenantScope, Actor, Viewer } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { recordViews } from '../profile-views/record.ts';
import { exportColumns, exportRow, type ExportContext } from './export-format.ts';
import { pickedIds, selectionCondition } from './selection.ts';
import type { ProfileRow } from './view.ts';

const BATCH = 500;

/**
 * The selection's rows, newest first, read in keyset batches so memory stays flat however many there are.
 * Each batch is recorded as viewed (one insert) before its rows are written: a download stopped half-way
 * records the persons that left, not the rest.
 */
async function* rowsOf(db: Db, where: SQL | undefined, viewer: Viewer): AsyncGenerator<ProfileRow> {
  let after: ProfileRow | undefined;
  for (;;) {
    const past =
      after &&
      or(
        lt(profiles.createdAt, after.createdAt),
        and(eq(profiles.createdAt, after.createdAt), lt(profiles.id, after.id)),
      );
    const batch = await db
      .select()
      .from(profiles)
      .where(and(where, past))
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(BATCH);
    await recordViews(
      db,
      viewer,
      'export',
      batch.map((r) => r.id),
    );
    yield* batch;
    if (batch.length < BATCH) return;
    after = batch.at(-1);
  }
}

/** The words, time zone and pipeline names the file is written with. */
async function contextFor(db: Db, scope: TenantScope, locale: Locale, timeZone = 'UTC'): Promise<ExportContext> {
  const rows = await db
    .select({ id: pipelines.id, name: pipelines.name })
    .from(pipelines)
    .where(scope.ownerId ? eq(pipelines.ownerId, scope.ownerId) : undefined);
  return { locale, timeZone, pipelineNames: new Map(rows.map((p) => [p.id, p.name])) };
}

function csvStream(rows: AsyncGenerator<ProfileRow>, context: ExportContext): Readable {
  // The BOM makes spreadsheet apps read the file as UTF-8 (names with accents).
  const out = stringify({ header: true, columns: exportColumns(context.locale), bom: true });
  void pipeline(
    Readable.from(
      (async function* () {
        for await (const row of rows) yield exportRow(row, context);
      })(),
    ),
    out,
  ).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

function xlsxStream(rows: AsyncGenerator<ProfileRow>, context: ExportContext): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded on the first XLSX export only (it weighs ~17 MB of memory).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Profiles');
    sheet.addRow(exportColumns(context.locale)).commit();
    for await (const row of rows) sheet.addRow(exportRow(row, context)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Streams the selection as CSV or XLSX. The export is audited before the first byte (what was asked,
 * how many rows), since the file leaves with personal data whether or not the download completes.
 */
export async function exportProfiles(
  db: Db,
  {
    scope,
    request,
    actor,
    viewer,
    locale = 'en',
  }: { scope: TenantScope; request: TExportProfilesRequest; actor: Actor; viewer: Viewer; locale?: Locale },
  now = new Date(),
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const file = { contentType: EXPORT_CONTENT_TYPES[request.format], fileName: `profiles-${stamp}.${request.format}` };
  const context = await contextFor(db, scope, locale, request.tz);
  if ('ids' in request && request.format === 'csv' && request.ids.length <= BATCH) {
    return { ...file, stream: await smallCsv(db, { scope, ids: request.ids, actor, viewer, context }) };
  }
  const where = await selectionCondition(db, scope, request, now);
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  const selection = 'ids' in request ? { ids: request.ids.length } : { filter: request.filter };
  await audit(db, actor, {
    ownerId: scope.ownerId,
    action: 'profiles.export',
    entityType: 'profile',
    entityId: null,
    changes: { format: request.format, rows: Number(total?.n ?? 0), ...selection },
  });
  const rows = rowsOf(db, where, viewer);
  return { ...file, stream: request.format === 'csv' ? csvStream(rows, context) : xlsxStream(rows, context) };
}

/**
 * A selection of up to a batch of persons as CSV (the usual export: the rows ticked on a page): one read
 * that also proves every id is in scope (pickedIds, as selectionCondition: 404 otherwise), the audit row,
 * and the file written at once — the same bytes as csvStream, without a stream per row.
 */
async function smallCsv(
  db: Db,
  {
    scope,
    ids,
    actor,
    viewer,
    context,
  }: { scope: TenantScope; ids: string[]; actor: Actor; viewer: Viewer; context: ExportContext },
): Promise<Readable> {
  const { where, assertAllFound } = pickedIds(scope, ids);
  const rows = await db.select().from(profiles).where(where).orderBy(desc(profiles.createdAt), desc(profiles.id));
  assertAllFound(rows);
  await audit(db, actor, {
    ownerId: scope.ownerId,
    action: 'profiles.export',
    entityType: 'profile',
    entityId: null,
    changes: { format: 'csv', rows: rows.length, ids: ids.length },
  });
  await recordViews(
    db,
    viewer,
    'export',
    rows.map((r) => r.id),
  );
  return Readable.from([
    stringifySync(
      rows.map((row) => exportRow(row, context)),
      { header: true, columns: exportColumns(context.locale), bom: true },
    ),
  ]);
}
