import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * The node arguments of `npm run serve` (root package.json), so a benchmark starts the server exactly as
 * `npm start` does — same V8 flags, same Node type stripping — while owning its process for /proc readings.
 */
export function serveArgs(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const [command, ...args] = scripts.serve!.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is not a plain node command: ${scripts.serve}`);
  return args;
}
