import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file `as` of the server, with the repository's own ESLint config. */
async function rulesBroken(as: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', as) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// A lint that imports much of the server walks its whole import graph (import-x/no-cycle): seconds on a
// busy machine. The budget is generous because time is not what these tests check.
const LINT_BUDGET = 120_000;
beforeAll(() => rulesBroken('lib/warm-up.ts', 'export const x = 1;\n'), LINT_BUDGET);

// The server's layers (eslint.config.js, serverPolicies): processes → routes → plugins → domains →
// kernel → db and lib. Each import below runs back up and must be refused.
const upward: [string, string, string][] = [
  [
    'a domain imports a plugin',
    'domains/profiles/violation.ts',
    "import { bearerToken } from '../../plugins/auth.ts';\nexport const t = bearerToken;\n",
  ],
  [
    'a domain imports a route',
    'domains/profiles/violation.ts',
    "import health from '../../routes/health.ts';\nexport const h = health;\n",
  ],
  [
    'a domain imports the demo seed',
    'domains/reports/violation.ts',
    "import { seedDemo } from '../../seed/index.ts';\nexport const s = seedDemo;\n",
  ],
  [
    'the kernel imports a domain',
    'kernel/violation.ts',
    "import { audit } from '../domains/audit/record.ts';\nexport const a = audit;\n",
  ],
  [
    'the database layer imports the kernel',
    'db/violation.ts',
    "import { tenantScope } from '../kernel/index.ts';\nexport const t = tenantScope;\n",
  ],
  [
    'lib imports a domain',
    'lib/violation.ts',
    "import { audit } from '../domains/audit/record.ts';\nexport const a = audit;\n",
  ],
  [
    'a plugin imports a route',
    'plugins/violation.ts',
    "import health from '../routes/health.ts';\nexport const h = health;\n",
  ],
  [
    'the configuration imports the kernel',
    'lib/config.ts',
    "import { tenantScope } from '../kernel/index.ts';\nexport const t = tenantScope;\n",
  ],
];

// The same imports in the allowed direction: the rule is not simply refusing everything.
const downward: [string, string, string][] = [
  [
    'a route imports a domain and the kernel',
    'routes/allowed.ts',
    "import { audit } from '../domains/audit/record.ts';\nimport { tenantScope } from '../kernel/index.ts';\nexport const x = [audit, tenantScope];\n",
  ],
  [
    'a domain imports another domain, the kernel and the database',
    'domains/profiles/allowed.ts',
    "import { audit } from '../audit/record.ts';\nimport { tenantScope } from '../../kernel/index.ts';\nimport { profiles } from '../../db/schema/index.ts';\nexport const x = [audit, tenantScope, profiles];\n",
  ],
  [
    'the seed imports the sandbox',
    'seed/allowed.ts',
    "import { PLACES } from '../domains/reports/sandbox-records/places.ts';\nexport const p = PLACES;\n",
  ],
  [
    'the kernel imports the database and lib',
    'kernel/allowed.ts',
    "import { owners } from '../db/schema/index.ts';\nimport { ApiError } from '../lib/api-error.ts';\nexport const x = [owners, ApiError];\n",
  ],
];

describe('server layers (boundaries/dependencies)', () => {
  test.each(upward)(
    'refused: %s',
    async (_name, as, code) => {
      expect(await rulesBroken(as, code)).toContain('boundaries/dependencies');
    },
    LINT_BUDGET,
  );
  test.each(downward)(
    'allowed: %s',
    async (_name, as, code) => {
      expect(await rulesBroken(as, code)).toEqual([]);
    },
    LINT_BUDGET,
  );
});

test(
  'the processes at the root may use every layer',
  async () => {
    const code =
      "import { buildApp } from './app.ts';\nimport { seedDemo } from './seed/index.ts';\nexport const x = [buildApp, seedDemo];\n";
    expect(await rulesBroken('main.ts', code)).toEqual([]);
  },
  LINT_BUDGET,
);

test(
  'a server file outside every layer is refused (it would escape the rules above)',
  async () => {
    expect(await rulesBroken('helpers/anywhere.ts', 'export const x = 1;\n')).toContain('boundaries/no-unknown-files');
  },
  LINT_BUDGET,
);

test('import-x/no-cycle, as the server configures it, reports two modules that import each other', async () => {
  const server = await eslint.calculateConfigForFile('apps/server/src/app.ts');
  expect(server.rules['import-x/no-cycle']?.[0]).toBe(2);
  const fixture = 'scripts/__fixtures__/lint/cycle';
  const cyclic = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: {
      files: [`${fixture}/*.ts`],
      plugins: { 'import-x': server.plugins['import-x'] },
      settings: server.settings,
      rules: { 'import-x/no-cycle': server.rules['import-x/no-cycle'] },
    },
  });
  const results = await cyclic.lintFiles([fixture]);
  expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);
});
