/**
 * A closed-loop HTTP load from its own process: CONCURRENCY connections GET one URL for SECONDS and
 * the latencies come back as JSON on stdout. autocannon drives the connections (its HTTP client costs
 * a fraction of fetch's, so the server, not the load generator, is what the two shared cores run);
 * each response's time is kept for the percentiles autocannon does not print (p95).
 *   tsx bench/support/load.ts <url> <seconds> <concurrency> [authorization]
 */
import autocannon from 'autocannon';
import { summarize } from './stats.ts';

const [url, seconds = '10', concurrency = '10', authorization] = process.argv.slice(2);
if (!url) throw new Error('usage: load.ts <url> <seconds> <concurrency> [authorization]');
const latencies: number[] = [];
let errors = 0;

const result = await autocannon({
  url,
  connections: Number(concurrency),
  duration: Number(seconds),
  headers: authorization ? { authorization } : {},
  setupClient: (client) => {
    client.on('response', (statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 400) errors++;
      latencies.push(responseTime);
    });
  },
});
console.log(
  JSON.stringify({ ...summarize(latencies, Number(seconds)), errors: errors + result.errors + result.timeouts }),
);
