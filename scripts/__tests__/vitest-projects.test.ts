import path from 'node:path';
import { expect, test } from 'vitest';
import { createVitest } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

// A project resolved to one worker is run by Vitest alone, file after file, after every other project:
// the web project did so (it extends the web app's vite config, not the root's maxWorkers) and was a
// serial tail of the unit step. Every project uses both cores.
test('every unit project runs on two workers, and which of them isolate each file', async () => {
  const vitest = await createVitest('test', { root, config: path.join(root, 'vitest.config.ts'), watch: false });
  try {
    const projects = Object.fromEntries(
      vitest.projects.map((p) => [p.name, { maxWorkers: p.config.maxWorkers, isolate: p.config.isolate }]),
    );
    expect(projects).toEqual({
      shared: { maxWorkers: 2, isolate: false },
      tools: { maxWorkers: 2, isolate: false },
      web: { maxWorkers: 2, isolate: false },
      'web-own-document': { maxWorkers: 2, isolate: true },
      'web-ssr': { maxWorkers: 2, isolate: false },
      'server-pglite': { maxWorkers: 2, isolate: false },
      'server-postgres': { maxWorkers: 2, isolate: false },
    });
  } finally {
    await vitest.close();
  }
});
