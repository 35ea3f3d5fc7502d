/**
 * Rows every authenticated request needs (session + user + owner), kept between requests so that a list
 * page costs one database round trip instead of two. Correctness rests on invalidation, not on
 * the age limit: triggers on user, owner and auth_session NOTIFY CACHE_CHANNEL (migration 0009) and
 * `Database.watchCache` clears the whole cache — before the writing query returns in this process, a moment
 * later in the others. `maxAgeMs` only bounds how long a row could outlive a notification missed while the
 * listening connection was down (reconnecting clears too).
 *
 * A load that started before a `clear()` may have read the old row: its answer is returned to that one
 * request (it raced the change, as it would without a cache) but never stored.
 */
export class CallerCache<T> {
  readonly #entries = new Map<string, { value: T; at: number }>();
  #generation = 0;

  readonly #maxAgeMs: number;
  readonly #maxEntries: number;
  readonly #clock: () => number;

  constructor(maxAgeMs: number, maxEntries = 10_000, clock: () => number = Date.now) {
    this.#maxAgeMs = maxAgeMs;
    this.#maxEntries = maxEntries;
    this.#clock = clock;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value for `key`, or `load()`'s, stored when it is not undefined and nothing changed meanwhile. */
  async get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.#entries.get(key);
    if (hit && this.#clock() - hit.at < this.#maxAgeMs) return hit.value;
    if (hit) this.#entries.delete(key);
    const generation = this.#generation;
    const at = this.#clock();
    const value = await load();
    if (value !== undefined && generation === this.#generation) {
      if (this.#entries.size >= this.#maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = this.#entries.keys().next();
        if (!oldest.done) this.#entries.delete(oldest.value);
      }
      this.#entries.set(key, { value, at });
    }
    return value;
  }
}
