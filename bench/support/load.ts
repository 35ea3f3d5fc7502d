/**
 * A closed-loop HTTP load from its own process: CONCURRENCY loops GET one URL for SECONDS and the
 * latencies come back as JSON on stdout. Used where autocannon lacks a figure (p95).
 *   tsx bench/support/load.ts <url> <seconds> <concurrency> [authorization]
 */
import { summarize } from './stats.ts';

const [url, seconds = '10', concurrency = '10', authorization] = process.argv.slice(2);
if (!url) throw new Error('usage: load.ts <url> <seconds> <concurrency> [authorization]');
const headers: Record<string, string> = authorization ? { authorization } : {};
const until = performance.now() + Number(seconds) * 1000;
const latencies: number[] = [];
let errors = 0;

async function loop() {
  while (performance.now() < until) {
    const start = performance.now();
    const response = await fetch(url!, { headers });
    await response.arrayBuffer();
    if (!response.ok) errors++;
    latencies.push(performance.now() - start);
  }
}

await Promise.all(Array.from({ length: Number(concurrency) }, loop));
console.log(JSON.stringify({ ...summarize(latencies, Number(seconds)), errors }));
