import { defineConfig } from 'vitest/config';

const serverSuite = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${db}`,
    include: ['apps/server/test/**/*.test.ts'],
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
          isolate: false,
        },
      },
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
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
          maxWorkers: 2,
          isolate: false,
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
