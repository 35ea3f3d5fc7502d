import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * How import-x reads TypeScript modules (import-x/no-cycle and friends). It parses only files of the listed
 * extensions (by default .js ones: no-cycle never saw a .ts/.tsx module, so it never fired), and the
 * TypeScript resolver follows imports as the tsconfig does. `tsconfig`: the project's, from the repo root.
 */
const importResolverSettings = (tsconfig) => ({
  'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
  'import-x/resolver-next': [
    createTypeScriptImportResolver({ project: path.join(import.meta.dirname, tsconfig) }),
    createNodeResolver(),
  ],
});

const WEB = 'apps/web/src';
const WEB_TESTS = [`${WEB}/**/__tests__/**`, `${WEB}/**/*.test.{ts,tsx}`, `${WEB}/testing/**`];

/**
 * One-way layers of the web app (STYLE habit 2): app → features → components → lib/config/locales.
 * src/main.tsx is the entry point above them all and belongs to none.
 */
const webElements = [
  { type: 'web-app', pattern: `${WEB}/app` },
  { type: 'web-feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
  // components/ui before the rest of components: it alone of them may use src/first-load.
  { type: 'web-ui', pattern: `${WEB}/components/ui` },
  { type: 'web-components', pattern: `${WEB}/components` },
  { type: 'web-lib', pattern: `${WEB}/lib` },
  { type: 'web-first-load', pattern: `${WEB}/first-load` },
  { type: 'web-config', pattern: `${WEB}/config` },
  { type: 'web-locales', pattern: `${WEB}/locales` },
  { type: 'web-types', pattern: `${WEB}/types` },
  { type: 'web-testing', pattern: `${WEB}/testing` },
];
/**
 * Elements that render a div or span with no role of its own (HTML's and Mantine's, unless `component`
 * makes them another element): a label on them is prohibited by ARIA until they are given one.
 */
const LABEL_NEEDS_ROLE = '/^(div|span|Box|Stack|Group|Center|SimpleGrid|Loader|Skeleton)$/';
/** The files outside the app shell and components/ui that may use src/first-load (each waits for the first paint). */
const FIRST_LOAD_GUESTS = [`${WEB}/lib/use-realtime.ts`, `${WEB}/features/sol/components/sol-news-loader.tsx`];
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const from = (type) => ({ element: { type } });
const SHARED_LAYERS = ['web-lib', 'web-config', 'web-locales'];

const webPolicies = [
  {
    from: from('web-app'),
    allow: to('web-app', 'web-feature', 'web-components', 'web-ui', 'web-first-load', ...SHARED_LAYERS),
  },
  // A feature may use itself and the shared layers, never another feature.
  {
    from: from('web-feature'),
    allow: [
      { to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
      to('web-components', 'web-ui', ...SHARED_LAYERS),
    ],
  },
  { from: from('web-components'), allow: to('web-components', 'web-ui', ...SHARED_LAYERS) },
  { from: from('web-ui'), allow: to('web-ui', 'web-components', 'web-first-load', ...SHARED_LAYERS) },
  // The first-load machinery (src/first-load/README.md) is the app shell's and the UI kit's tool, not a
  // feature's: it may use the shared layers, and only those two layers (and the files named below) use it.
  { from: from('web-first-load'), allow: to('web-first-load', ...SHARED_LAYERS) },
  { from: { file: { categories: 'waits-for-paint' } }, allow: to('web-first-load') },
  { from: from('web-lib'), allow: to(...SHARED_LAYERS) },
  { from: from('web-config'), allow: to('web-config') },
  { from: from('web-types'), allow: to('web-locales') },
  {
    from: from('web-testing'),
    allow: to('web-testing', 'web-app', 'web-feature', 'web-components', 'web-ui', ...SHARED_LAYERS),
  },
  // Tests sit beside what they test and may use the testing helpers.
  { from: { file: { categories: 'test' } }, allow: to('web-testing') },
];

/** packages/shared is imported by the browser and the server alike: it stays free of both. */
const sharedRestrictions = {
  paths: builtinModules.map((name) => ({ name, message: 'packages/shared runs in browsers too: no Node built-ins.' })),
  patterns: [
    { group: ['node:*'], message: 'packages/shared runs in browsers too: no Node built-ins.' },
    {
      group: ['**/apps/**', '@centinela/server', '@centinela/server/**', '@centinela/web', '@centinela/web/**'],
      message: 'packages/shared must not depend on an app.',
    },
    {
      group: ['react', 'react/**', 'react-dom', 'react-dom/**', 'react-router', 'react-router/**', '@mantine/*'],
      message: 'packages/shared is framework-free: no React or UI packages.',
    },
    { group: ['@tanstack/*', 'i18next', 'react-i18next'], message: 'packages/shared is framework-free.' },
  ],
};
const SERVER = 'apps/server/src';

/**
 * One-way layers of the server: the processes (main, worker, app) → routes → plugins → domains →
 * kernel → db and lib (configuration included). A domain may use another domain (never in a circle: import-x/no-cycle) but
 * never a plugin or a route; the kernel knows nothing of the domains. The demo seed sits above the
 * domains: it builds its persons with their generators (the sandbox's), never the other way round.
 */
const serverElements = [
  { type: 'server-routes', pattern: `${SERVER}/routes` },
  { type: 'server-plugins', pattern: `${SERVER}/plugins` },
  { type: 'server-seed', pattern: `${SERVER}/seed` },
  { type: 'server-domain', pattern: `${SERVER}/domains/*`, capture: ['domain'] },
  { type: 'server-kernel', pattern: `${SERVER}/kernel` },
  { type: 'server-db', pattern: `${SERVER}/db` },
  { type: 'server-lib', pattern: `${SERVER}/lib` },
  // The processes at the root (main.ts, worker.ts) and the app they build. `mode: 'file'` is deprecated in
  // boundaries 7 but nothing replaces it for an element that is one file (hence legacy-warnings off below).
  { type: 'server-process', pattern: `${SERVER}/{main,worker,app,banner,backup,migrate}.ts`, mode: 'file' },
];
const SERVER_GROUND = ['server-db', 'server-lib'];
const serverPolicies = [
  {
    from: from('server-process'),
    allow: to(
      'server-process',
      'server-routes',
      'server-plugins',
      'server-seed',
      'server-domain',
      'server-kernel',
      ...SERVER_GROUND,
    ),
  },
  {
    from: from('server-routes'),
    allow: to('server-routes', 'server-plugins', 'server-domain', 'server-kernel', ...SERVER_GROUND),
  },
  { from: from('server-plugins'), allow: to('server-plugins', 'server-domain', 'server-kernel', ...SERVER_GROUND) },
  { from: from('server-seed'), allow: to('server-seed', 'server-domain', 'server-kernel', ...SERVER_GROUND) },
  { from: from('server-domain'), allow: to('server-domain', 'server-kernel', ...SERVER_GROUND) },
  { from: from('server-kernel'), allow: to('server-kernel', ...SERVER_GROUND) },
  { from: from('server-db'), allow: to('server-db', 'server-lib') },
  { from: from('server-lib'), allow: to('server-lib') },
];

const BROWSER_OR_NODE_ONLY_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'process',
  'Buffer',
  '__dirname',
  '__filename',
  'require',
];

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/dist-shell/**',
      '**/node_modules/**',
      '**/migrations/**',
      'data/**',
      'apps/*/data/**',
      'scratch/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberately faulty code that scripts/__tests__ lints to prove a rule reports it.
      'scripts/__fixtures__/lint/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // ── apps/web ───────────────────────────────────────────────────────────────────────────────
  // The few scripts served as they are (public/): the browser's.
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: globals.browser } },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': webElements,
      'boundaries/files': [
        { category: 'test', pattern: WEB_TESTS },
        // What remains outside the app shell that waits for the first paint: the realtime socket, Sol's notice.
        { category: 'waits-for-paint', pattern: FIRST_LOAD_GUESTS },
      ],
      ...importResolverSettings('apps/web/tsconfig.json'),
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'boundaries/dependencies': ['error', { default: 'disallow', policies: webPolicies }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The first-load machinery is used through its index, so its inside can change without its users.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/first-load/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/first-load/*', '!**/first-load/index.ts'],
              message: 'Import the first-load machinery through src/first-load/index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A label on a bare div or span is an ARIA error (axe: aria-prohibited-attr); a labelled placeholder
    // says what it is, usually role="status" while something loads.
    files: [`${WEB}/**/*.tsx`],
    ignores: WEB_TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXOpeningElement[name.name=${LABEL_NEEDS_ROLE}]:has(> JSXAttribute[name.name='aria-label']):not(:has(> JSXAttribute[name.name=/^(role|component)$/]))`,
          message: 'An aria-label here needs a role (role="status" for a loading placeholder).',
        },
      ],
    },
  },
  {
    // Every user-visible string goes through i18n (STYLE habit 9).
    files: [`${WEB}/**/*.tsx`],
    ignores: WEB_TESTS,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['title', 'aria-label', 'aria-description', 'placeholder', 'label', 'alt', 'description', 'error'],
          },
          // Field names given to form helpers are not user-visible (the plugin's defaults first).
          callees: { exclude: ['i18n(ext)?', 't', 'require', 'getInputProps', 'getInputNode', 'key'] },
        },
      ],
    },
  },

  // ── apps/server ────────────────────────────────────────────────────────────────────────────
  {
    files: [`${SERVER}/**/*.ts`],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': serverElements,
      'boundaries/legacy-warnings': false,
      ...importResolverSettings('apps/server/tsconfig.json'),
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: serverPolicies }],
      // A new file or folder must take its place in the layers above, or it escapes them.
      'boundaries/no-unknown-files': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
    },
  },

  // ── packages/shared ────────────────────────────────────────────────────────────────────────
  {
    files: ['packages/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', sharedRestrictions],
      'no-restricted-globals': ['error', ...BROWSER_OR_NODE_ONLY_GLOBALS],
    },
  },
);
