// Prints the slowest test files of the last `npm run test:unit` (Vitest's JSON report), per project, so a
// CI log shows where the unit step's minutes go without a second run.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

type FileResult = { name: string; startTime: number; endTime: number; assertionResults: unknown[] };
const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/unit-times.json', 'utf8')) as {
  testResults: FileResult[];
};
const count = Number(process.argv[3] ?? 15);

const rows = report.testResults
  .map((file) => ({ file: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds);
const sum = rows.reduce((total, row) => total + row.seconds, 0);
console.log(`== slowest of ${rows.length} test files (sum of file times ${Math.round(sum)} s over the workers)`);
for (const row of rows.slice(0, count)) console.log(`   ${row.seconds.toFixed(1).padStart(6)} s  ${row.file}`);
