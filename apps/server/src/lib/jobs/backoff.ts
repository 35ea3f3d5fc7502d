/**
 * The wait after failed attempt n (1-based): base × 2^(n-1), capped at `max`, plus up to 10% jitter so
 * the retries of many items failing together spread out.
 */
export function backoffMs(attempt: number, base: number, max: number, random = Math.random): number {
  const exact = Math.min(max, base * 2 ** Math.min(40, Math.max(0, attempt - 1)));
  return Math.round(exact * (1 + random() * 0.1));
}
