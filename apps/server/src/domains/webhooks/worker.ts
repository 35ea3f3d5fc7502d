import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { backoffMs } from '../reports/worker.ts';
import { claimDeliveries, nextDeliveryInMs, settleDelivery, type AttemptLog, type ClaimedDelivery, type Outcome } from './jobs.ts';
import { webhookHeaders } from './signature.ts';
import { assertDeliverable } from './url-guard.ts';

export type WebhookWorkerOptions = {
  db: Db;
  concurrency: number;
  pollMs: number;
  timeoutMs: number;
  backoffMs: number;
  backoffMaxMs: number;
  allowPrivate: boolean;
  log?: { debug(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void };
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
 * Delivers due webhook deliveries: claims up to `concurrency`, POSTs each signed (Standard Webhooks),
 * logs the attempt and settles it under its lease. 2xx is delivered; anything else (or a time-out) is
 * retried with exponential back-off and jitter until the delivery's give-up time (24 h), then failed.
 */
export class WebhookWorker {
  readonly id = `${hostname()}:${process.pid}:wh-${randomUUID().slice(0, 8)}`;
  readonly #inflight = new Map<string, { done: Promise<void>; abort: AbortController }>();
  #running = false;
  #stopping = false;
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<void> | null = null;
  #again = false;

  private readonly o: WebhookWorkerOptions;

  constructor(o: WebhookWorkerOptions) {
    this.o = o;
  }

  /** Longer than one attempt can take; a crashed worker's deliveries are taken over after it. */
  get leaseMs() {
    return this.o.timeoutMs + Math.min(30_000, this.o.timeoutMs);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    this.#schedule(0);
  }

  wake(): void {
    if (this.#running) this.#schedule(0);
  }

  async stop(graceMs = 5000): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    clearTimeout(this.#timer);
    // A claim under way when we were asked to stop: its deliveries are ours too, launch then give back.
    await this.#polling;
    const all = () => Promise.allSettled([...this.#inflight.values()].map((j) => j.done));
    const finished = await Promise.race([all().then(() => true), sleep(graceMs, false, { ref: false })]);
    if (!finished) for (const job of this.#inflight.values()) job.abort.abort(new Error('worker stopping'));
    await all();
  }

  /** Delivers until nothing is pending (waiting out back-offs): tests and scripts. */
  async drain({ timeoutMs = 60_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`webhook deliveries still pending after ${timeoutMs} ms`);
      if ((await this.runOnce()) > 0) continue;
      const next = await nextDeliveryInMs(this.o.db);
      if (next === null) return;
      await sleep(Math.min(Math.max(next, 2), 250));
    }
  }

  async runOnce(): Promise<number> {
    const jobs = await claimDeliveries(this.o.db, { workerId: this.id, leaseMs: this.leaseMs, limit: this.o.concurrency });
    await Promise.all(jobs.map((job) => this.#launch(job)));
    return jobs.length;
  }

  #schedule(inMs: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), inMs);
  }

  async #poll() {
    if (!this.#running) return;
    if (this.#polling) {
      this.#again = true;
      return;
    }
    let full = false;
    this.#polling = (async () => {
      try {
        const free = this.o.concurrency - this.#inflight.size;
        if (free > 0) {
          const jobs = await claimDeliveries(this.o.db, { workerId: this.id, leaseMs: this.leaseMs, limit: free });
          for (const job of jobs) void this.#launch(job);
          full = jobs.length === free;
        }
      } catch (error) {
        this.o.log?.error({ err: error }, 'webhook worker: claim failed');
      }
    })();
    await this.#polling;
    this.#polling = null;
    const again = this.#again || full;
    this.#again = false;
    if (this.#running) this.#schedule(again ? 0 : this.o.pollMs);
  }

  #launch(job: ClaimedDelivery): Promise<void> {
    const abort = new AbortController();
    const done = this.#run(job, abort)
      .catch((error: unknown) => this.o.log?.error({ err: error, deliveryId: job.id }, 'webhook worker: delivery failed'))
      .finally(() => {
        this.#inflight.delete(job.id);
        if (this.#running) this.#schedule(0);
      });
    this.#inflight.set(job.id, { done, abort });
    return done;
  }

  async #run(job: ClaimedDelivery, abort: AbortController): Promise<void> {
    const { outcome, log } = await this.#attempt(job, abort);
    const written = await settleDelivery(this.o.db, job, outcome, log);
    this.o.log?.debug({ deliveryId: job.id, messageId: job.messageId, attempt: job.attempt, outcome: outcome.kind, written }, 'webhook attempt settled');
  }

  async #attempt(job: ClaimedDelivery, abort: AbortController): Promise<{ outcome: Outcome; log: AttemptLog | null }> {
    const startedAt = new Date();
    const requestHeaders = webhookHeaders(job.secret, job.messageId, job.payload, startedAt);
    const base = { startedAt, requestHeaders, requestBody: job.payload };
    let log: AttemptLog;
    try {
      await assertDeliverable(job.url, this.o.allowPrivate);
      const response = await fetch(job.url, {
        method: 'POST',
        headers: requestHeaders,
        body: job.payload,
        redirect: 'manual',
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(this.o.timeoutMs)]),
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
      if (this.#stopping && abort.signal.aborted) return { outcome: { kind: 'release' }, log: null };
      const message = error instanceof Error ? (error.name === 'TimeoutError' ? `timed out after ${this.o.timeoutMs} ms` : `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`) : String(error);
      log = { ...base, durationMs: Date.now() - startedAt.getTime(), responseStatus: null, responseHeaders: null, responseBody: null, error: message.slice(0, 1000) };
    }
    const retryInMs = backoffMs(job.attempt, this.o.backoffMs, this.o.backoffMaxMs);
    if (Date.now() + retryInMs > job.giveUpAt.getTime()) return { outcome: { kind: 'failed' }, log };
    return { outcome: { kind: 'retry', retryInMs }, log };
  }
}
