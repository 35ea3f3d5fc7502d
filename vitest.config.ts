import { configDefaults, defineConfig } from 'vitest/config';

const serverSuite = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${db}`,
    include: ['apps/server/test/**/*.test.ts'],
    // The identity engine's tests use no database and cost CPU (OCR, face models): once, not per database.
    exclude:
      db === 'postgres' ? [...configDefaults.exclude, 'apps/server/test/identity-check/**'] : configDefaults.exclude,
    environment: 'node',
    // A worker keeps its modules (the app) and idle databases from one file to
    // the next; file-hooks.ts ends each file's leftovers (docs/testing.md, isolation).
    isolate: false,
    setupFiles: ['apps/server/test/file-hooks.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Web tests of state kept for the life of a document or process (the first page's transition, the reload
 * allowed once a minute, a time zone set before any module builds its date formats): they need a
 * document and process of their own, which the shared web workers do not give.
 */
const WEB_OWN_DOCUMENT = [
  'src/components/ui/__tests__/navigation-progress.test.tsx',
  'src/lib/__tests__/chunk-reload.test.ts',
  'src/features/credits/__tests__/refill-date.test.tsx',
  'src/features/watchlists/__tests__/list-dates.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, which left a third of this machine idle while the server
    // suites waited on PostgreSQL; two keep both cores busy. The projects that extend the web app's vite
    // config (web, web-ssr) do not inherit this and say `maxWorkers: 2` themselves: at one, Vitest ran
    // their files one at a time, after every other project.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // The lint fixtures load ESLint with the whole repository's config: on a busy machine one
          // took more than the default 5 s (a limit, not a wait: the test ends when ESLint answers).
          testTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.server.test.{ts,tsx}', ...WEB_OWN_DOCUMENT],
          environment: 'jsdom',
          maxWorkers: 2,
          // A worker keeps its jsdom and modules from one file to the next instead of making them again for
          // each file; src/testing/setup.ts resets what a test leaves behind (docs/testing.md).
          isolate: false,
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        // The files that test what a module keeps for the life of a document: a new one each.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-own-document',
          root: './apps/web',
          include: WEB_OWN_DOCUMENT,
          environment: 'jsdom',
          maxWorkers: 2,
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        // What the server renders of the web app (src/shell): in Node, as the server runs it, no window.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-ssr',
          root: './apps/web',
          include: ['src/**/*.server.test.{ts,tsx}'],
          environment: 'node',
          maxWorkers: 2,
          isolate: false,
        },
      },
      serverSuite('pglite'),
      serverSuite('postgres'),
    ],
  },
});
