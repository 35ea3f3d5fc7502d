/** Requests per second and latency percentiles (ms) of one closed-loop run. */
export function summarize(latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(2));
  return { rps: Math.round(sorted.length / seconds), p50: at(50), p95: at(95), p99: at(99) };
}
