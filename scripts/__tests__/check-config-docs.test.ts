import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { compareVariables, configVariables, documentedVariables } from '../check-config-docs.ts';

const SOURCE = `
const bool = z.enum(['true', 'false']);
/** Every environment variable the server reads. */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production']).default('development'),
  /** A comment with an UPPER: word. */
  DATABASE_URL: z
    .url()
    .optional(),
  SANDBOX_LATENCY_MS: z.string().transform((v) => {
    const [min, max] = v.split('-');
    return { min, max };
  }),
});
const OTHER = z.object({
  NOT_CONFIG: z.string(),
});
`;

const DOC = `
| variable | default | meaning |
|---|---|---|
| \`NODE_ENV\` | \`development\` | mode |
| \`DATABASE_URL\` | — | \`postgres://…\`; see \`PORT\` |

| variable | default | meaning |
|---|---|---|
| \`SANDBOX_LATENCY_MS\` | \`300-1500\` | latency |
`;

describe('configuration docs check', () => {
  test('reads the schema keys of config.ts, not nested or other objects', () => {
    expect(configVariables(SOURCE)).toEqual(['NODE_ENV', 'DATABASE_URL', 'SANDBOX_LATENCY_MS']);
  });

  test('reads the first cell of each table row of the doc', () => {
    expect(documentedVariables(DOC)).toEqual(['NODE_ENV', 'DATABASE_URL', 'SANDBOX_LATENCY_MS']);
    expect(compareVariables(configVariables(SOURCE), documentedVariables(DOC))).toEqual({
      undocumented: [],
      unknown: [],
      repeated: [],
    });
  });

  test('a variable added without its row, a row of a variable no longer read and a repeated row are reported', () => {
    const source = SOURCE.replace('  NODE_ENV:', '  NEW_SETTING: z.string(),\n  NODE_ENV:').replace(
      / {2}DATABASE_URL: z\n {4}\.url\(\)\n {4}\.optional\(\),\n/,
      '',
    );
    const doc = `${DOC}| \`NODE_ENV\` | again | twice |\n`;
    expect(compareVariables(configVariables(source), documentedVariables(doc))).toEqual({
      undocumented: ['NEW_SETTING'],
      unknown: ['DATABASE_URL'],
      repeated: ['NODE_ENV'],
    });
  });

  test("the repository's docs/configuration.md matches apps/server/src/lib/config.ts", () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const config = configVariables(readFileSync(path.join(root, 'apps/server/src/lib/config.ts'), 'utf8'));
    expect(config.length).toBeGreaterThan(50);
    expect(
      compareVariables(config, documentedVariables(readFileSync(path.join(root, 'docs/configuration.md'), 'utf8'))),
    ).toEqual({ undocumented: [], unknown: [], repeated: [] });
  });
});
