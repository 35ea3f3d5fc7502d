import type { Db } from '../../db/client.ts';
import { backoffMs, type JobLog, type RunContext } from '../../lib/jobs/index.ts';
import { settleDelivery, type AttemptLog, type ClaimedDelivery, type Outcome } from './jobs.ts';
import { webhookHeaders } from './signature.ts';
import { assertDeliverable } from './url-guard.ts';

export type DeliverOptions = {
  db: Db;
  timeoutMs: number;
  backoffMs: number;
  backoffMaxMs: number;
  allowPrivate: boolean;
  log?: JobLog;
};

/** The most of a response body the log keeps. */
const BODY_LOG_LIMIT = 4096;

async function readSome(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, limit);
}

/**
 * The webhooks queue's handler: POSTs one claimed delivery signed (Standard Webhooks), logs the attempt
 * and settles it under its lease. 2xx is delivered; anything else (or a time-out) is retried with
 * exponential back-off and jitter until the delivery's give-up time (24 h), then failed.
 */
export function deliveryHandler(o: DeliverOptions): (job: ClaimedDelivery, context: RunContext) => Promise<void> {
  return async (job, { signal, stopping }) => {
    const { outcome, log } = await attempt(o, job, signal, stopping);
    const written = await settleDelivery(o.db, job, outcome, log);
    o.log?.debug(
      { deliveryId: job.id, messageId: job.messageId, attempt: job.attempt, outcome: outcome.kind, written },
      'webhook attempt settled',
    );
  };
}

async function attempt(
  o: DeliverOptions,
  job: ClaimedDelivery,
  signal: AbortSignal,
  stopping: () => boolean,
): Promise<{ outcome: Outcome; log: AttemptLog | null }> {
  const startedAt = new Date();
  const requestHeaders = webhookHeaders(job.secret, job.messageId, job.payload, startedAt);
  const base = { startedAt, requestHeaders, requestBody: job.payload };
  let log: AttemptLog;
  try {
    await assertDeliverable(job.url, o.allowPrivate);
    const response = await fetch(job.url, {
      method: 'POST',
      headers: requestHeaders,
      body: job.payload,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(o.timeoutMs)]),
    });
    const responseBody = await readSome(response, BODY_LOG_LIMIT);
    log = {
      ...base,
      durationMs: Date.now() - startedAt.getTime(),
      responseStatus: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody,
      error: null,
    };
    if (response.status >= 200 && response.status < 300) return { outcome: { kind: 'succeeded' }, log };
  } catch (error) {
    if (stopping() && signal.aborted) return { outcome: { kind: 'release' }, log: null };
    const message =
      error instanceof Error
        ? error.name === 'TimeoutError'
          ? `timed out after ${o.timeoutMs} ms`
          : `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
        : String(error);
    log = {
      ...base,
      durationMs: Date.now() - startedAt.getTime(),
      responseStatus: null,
      responseHeaders: null,
      responseBody: null,
      error: message.slice(0, 1000),
    };
  }
  const retryInMs = backoffMs(job.attempt, o.backoffMs, o.backoffMaxMs);
  if (Date.now() + retryInMs > job.giveUpAt.getTime()) return { outcome: { kind: 'failed' }, log };
  return { outcome: { kind: 'retry', retryInMs }, log };
}
