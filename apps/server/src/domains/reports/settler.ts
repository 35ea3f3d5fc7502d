import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { settle, settleBatch, type ClaimedJob, type Settled, type Settlement } from './jobs.ts';

type Pending = { job: ClaimedJob; settlement: Settlement; resolve(s: Settled | null): void; reject(e: unknown): void };

/** Most attempts one settlement transaction writes. */
const BATCH_MAX = 200;

/**
 * Group commit: attempts that finish while a settlement transaction is running are written together by
 * the next one (`settleBatch`), so throughput grows with load instead of paying one transaction per
 * report. If a batch fails, its items are written one by one, so one bad row cannot hold the others.
 */
export class Settler {
  #queue: Pending[] = [];
  #flushing = false;

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  settle(job: ClaimedJob, settlement: Settlement): Promise<Settled | null> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, settlement, resolve, reject });
      void this.#flush();
    });
  }

  async #flush() {
    if (this.#flushing) return;
    this.#flushing = true;
    try {
      // Let the attempts finishing in this same turn join the first batch.
      await nextTurn();
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, BATCH_MAX);
        try {
          const out = await settleBatch(this.db, batch);
          batch.forEach((p, i) => p.resolve(out[i] ?? null));
        } catch {
          for (const p of batch) await settle(this.db, p.job, p.settlement).then(p.resolve, p.reject);
        }
      }
    } finally {
      this.#flushing = false;
    }
  }
}
