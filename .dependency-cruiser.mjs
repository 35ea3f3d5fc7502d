import path from 'node:path';

/**
 * The server's edges at the granularity of a domain (apps/server/src/domains/<name>), which ESLint does not
 * see: import-x/no-cycle finds circles between files, eslint-plugin-boundaries checks each import's layer.
 * Here a circle between two domains is an error even when no file imports itself back (forms/public.ts →
 * candidate/access.ts → forms/links.ts was one). Run by `npm run lint`; proved by
 * scripts/__tests__/lint-domain-edges.test.ts on the fixture in scripts/__fixtures__/lint/domain-cycle.
 */
const DOMAINS = '^apps/server/src/domains/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'domain-cycle',
      comment:
        'Two domains depend on each other, directly or around a circle of domains. Move the shared piece ' +
        'down (into one of them, the kernel or lib) so the arrows run one way.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${DOMAINS}([^/]+)$` },
      to: { circular: true, path: DOMAINS, pathNot: `${DOMAINS}$1(/|$)` },
    },
    {
      // What keeps the rule above exact: dependency-cruiser counts a folder's imports by the folder of the
      // file imported, so an import into another domain's subfolder would not close a circle at domain level.
      name: 'domain-enters-another-domains-subfolder',
      comment: "A domain uses another domain through the files at that domain's top level, never its subfolders.",
      severity: 'error',
      from: { path: `${DOMAINS}([^/]+)/` },
      to: { path: `${DOMAINS}[^/]+/[^/]+/`, pathNot: `${DOMAINS}$1/` },
    },
    {
      name: 'domain-imports-upward',
      comment: 'Routes → domains → db: a domain never imports a route, a plugin, the seed or a process.',
      severity: 'error',
      from: { path: DOMAINS },
      to: { path: '^apps/server/src/(routes|plugins|seed)/|^apps/server/src/[^/]+\\.ts$' },
    },
    {
      name: 'db-imports-upward',
      comment: 'The database layer knows nothing above it: no domain, kernel, route or plugin.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/(domains|kernel|routes|plugins|seed)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(test|__tests__)/' },
    // Type-only imports count: a circle drawn by types couples two domains as much as one drawn by values.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'apps/server/tsconfig.json') },
  },
};
