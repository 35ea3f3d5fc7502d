import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCsvDuplicatesRequest,
  ZCsvDuplicatesResponse,
  ZCsvJob,
  ZCsvJobDetail,
  ZCsvJobParams,
  ZCsvSettingsResponse,
  ZCsvUploadQuery,
  ZCsvUploadResponse,
  ZListCsvJobsQuery,
  ZListCsvJobsResponse,
  ZStartCsvJobRequest,
} from '@centinela/shared';
import { CsvFileError } from '../../../../domains/csv/errors.ts';
import {
  csvJobFailureRows,
  CsvMappingError,
  findCsvDuplicates,
  findJob,
  getCsvJob,
  listCsvJobs,
  startCsvJob,
  uploadCsv,
} from '../../../../domains/csv/jobs.ts';
import { neutralizeCell } from '../../../../domains/profiles/export-format.ts';
import { localeFrom } from '../../../../lib/locale.ts';
import { sendError } from '../../../../plugins/errors.ts';
import { errorResponses } from '../../../../lib/api-error.ts';
import { streamBody } from '../../../../lib/stream-body.ts';
import { fileBody, fileResponse } from '../../../../lib/openapi-files.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);
const tags = ['csv'];
const security = [{ bearer: [] }];
/** What a browser or curl sends a .csv file as; the body reaches the handler as a stream, never buffered. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];

/** CSV batch upload: upload → start → progress (socket.io 'csv.progress') → result and failures. */
const csvRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, events: app.events, wake: () => app.csv.wake() };
  app.addContentTypeParser(CSV_TYPES, streamBody);

  app.get('/settings', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'The row limit and the largest file accepted',
      security,
      response: { 200: ZCsvSettingsResponse, ...errors },
    },
    handler: async () => ({ rowLimit: app.config.CSV_ROW_LIMIT, maxBytes: app.config.CSV_MAX_BYTES }),
  });

  app.post('/jobs', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary:
        'Upload a CSV file (the body is the file, Content-Type text/csv): its header, a preview, the row count and auto-matched columns',
      security,
      querystring: ZCsvUploadQuery,
      rawBody: fileBody(
        'The CSV file itself, UTF-8 (with or without BOM), comma, semicolon or tab separated',
        CSV_TYPES,
      ),
      response: { 201: ZCsvUploadResponse, ...errors },
    },
    handler: async (request, reply) => {
      const body: unknown = request.body;
      if (!(body instanceof Readable)) return sendError(request, reply, 415, 'unsupported_media_type');
      const scope = request.scope;
      try {
        const uploaded = await uploadCsv(deps, { scope, fileName: request.query.fileName, body, actor: request.actor });
        return reply.status(201).send(uploaded);
      } catch (error) {
        if (error instanceof CsvFileError) {
          // A refused file may not have been read to its end: drop the rest rather than leave the client hanging.
          body.resume();
          return sendError(request, reply, error.problem === 'too_large' ? 413 : 422, 'csv_unprocessable', {
            issues: error.issues,
          });
        }
        body.resume();
        throw error;
      }
    },
  });

  app.get('/jobs', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "The owner's CSV imports, newest first",
      security,
      querystring: ZListCsvJobsQuery,
      response: { 200: ZListCsvJobsResponse, ...errors },
    },
    handler: (request) => listCsvJobs(app.db, request.scope),
  });

  app.get('/jobs/:id', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'One import: progress, counts and the first failures per line',
      security,
      params: ZCsvJobParams,
      response: { 200: ZCsvJobDetail, ...errors },
    },
    handler: (request) =>
      getCsvJob(app.db, request.scope, request.params.id, localeFrom(request.headers['accept-language'])),
  });

  app.post('/jobs/:id/duplicates', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary:
        "Before the start: the file's valid rows whose document already belongs to one of the owner's persons, or repeats an earlier row",
      description:
        "Takes the choices the start will send (reports and column matching, checked the same way) and reads the uploaded file with them. Only the caller's owner's persons in the chosen country are looked at.",
      security,
      params: ZCsvJobParams,
      body: ZCsvDuplicatesRequest,
      response: { 200: ZCsvDuplicatesResponse, ...errors },
    },
    handler: async (request, reply) => {
      try {
        return await findCsvDuplicates(app.db, { scope: request.scope, id: request.params.id, input: request.body });
      } catch (error) {
        if (error instanceof CsvMappingError)
          return sendError(request, reply, 422, 'csv_missing_fields', { issues: error.issues });
        if (error instanceof CsvFileError) return sendError(request, reply, 422, 'csv_unprocessable');
        throw error;
      }
    },
  });

  app.post('/jobs/:id/start', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Choose the reports and match the columns, then import',
      security,
      params: ZCsvJobParams,
      body: ZStartCsvJobRequest,
      // 402: a free-plan owner short of the credits for every row's reports.
      response: { 200: ZCsvJob, ...errors, ...errorResponses(402) },
    },
    handler: async (request, reply) => {
      try {
        return await startCsvJob(deps, {
          scope: request.scope,
          id: request.params.id,
          input: request.body,
          actor: request.actor,
        });
      } catch (error) {
        if (error instanceof CsvMappingError)
          return sendError(request, reply, 422, 'csv_missing_fields', { issues: error.issues });
        // The file read for its duplicates (a free-plan owner short of credits for every row) is gone.
        if (error instanceof CsvFileError) return sendError(request, reply, 422, 'csv_unprocessable');
        throw error;
      }
    },
  });

  app.get('/jobs/:id/failures', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'Every failed line with its reason, as a CSV file',
      security,
      params: ZCsvJobParams,
      response: { 200: fileResponse('line, field, code, reason: one row per failure', ['text/csv']), ...errors },
    },
    handler: async (request, reply) => {
      const job = await findJob(app.db, request.scope, request.params.id);
      const locale = localeFrom(request.headers['accept-language']);
      const out = stringify({ header: true, columns: ['line', 'field', 'code', 'reason'], bom: true });
      const rows = async function* () {
        for await (const f of csvJobFailureRows(app.db, job.id, locale))
          yield [String(f.line), f.field, f.code, neutralizeCell(f.message)];
      };
      void pipeline(Readable.from(rows()), out).catch((error: unknown) => out.destroy(error as Error));
      const base =
        job.fileName
          .replace(/\.csv$/i, '')
          .replace(/[^\w.-]+/g, '_')
          .slice(0, 80) || 'import';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-failures.csv"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  });
};

export default csvRoutes;
