import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// Two modules that import each other; ignored by the normal lint run (eslint.config.js `ignores`).
const FIXTURE = 'scripts/__fixtures__/lint/cycle';

// The web app's own import-x setup (plugin, resolver settings, no-cycle as configured) applied to the fixture:
// a change to eslint.config.js that blinds the rule to TypeScript again (it once never fired) fails here.
test('import-x/no-cycle, as the web app configures it, reports two TypeScript modules that import each other', async () => {
  const web = await new ESLint({ cwd: root }).calculateConfigForFile(`apps/web/src/main.tsx`);
  expect(web.rules['import-x/no-cycle']?.[0]).toBe(2);
  const eslint = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: {
      files: [`${FIXTURE}/*.ts`],
      plugins: { 'import-x': web.plugins['import-x'] },
      settings: web.settings,
      rules: { 'import-x/no-cycle': web.rules['import-x/no-cycle'] },
    },
  });
  const results = await eslint.lintFiles([FIXTURE]);
  const reported = results.map((r) => ({
    file: path.basename(r.filePath),
    rules: r.messages.map((m) => m.ruleId ?? m.message),
  }));
  expect(reported.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
    { file: 'ping.ts', rules: ['import-x/no-cycle'] },
    { file: 'pong.ts', rules: ['import-x/no-cycle'] },
  ]);
});
