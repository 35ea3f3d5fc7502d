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
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, which left a third of this machine idle while the server
    // suites waited on PostgreSQL; two keep both cores busy (CI must stay under 45 minutes here).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          // These run eslint, tsc or a build on fixtures: seconds of CPU that a busy host stretches past 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.server.test.{ts,tsx}'],
          environment: 'jsdom',
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
        },
      },
      serverSuite('pglite'),
      serverSuite('postgres'),
    ],
  },
});
