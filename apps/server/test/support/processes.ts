import { spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export type Child = { exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void; lines: () => { msg?: string }[]; output: () => string };

/**
 * One of our entry points (`apps/server/src/main.ts`, `apps/server/src/worker.ts`) as a child process,
 * for the kill tests: node itself with tsx's loader, not the tsx CLI, whose grandchild a SIGKILL to the
 * CLI would leave running. Its JSON log lines are parsed on demand.
 */
export function startNode(script: string, env: Record<string, string>, args: string[] = []): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'debug', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string });
  return { exited, kill: (s) => child.kill(s), lines, output: () => output };
}

/** Waits for `check` (every 20 ms), failing with the child's output after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, child: Child, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${child.output().slice(-5000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
