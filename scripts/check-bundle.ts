/**
 * The JavaScript budgets, checked on the built app (apps/web/dist, `npm run build`): the
 * gzip size of every JS file the browser loads to show a route — the entry, the route's own chunk and
 * everything both import statically (Vite's manifest) — must stay under its budget. Fails (exit 1)
 * when one does not, printing the heaviest files so the culprit is plain. Also fails when one of those files
 * does not start with V8's compile hint (apps/web/build/compile-hints.ts): a later build step put
 * something above it, and Chrome would compile the page's functions on the main thread again. And fails
 * when a part the list loads late arrives in more files than LATE_PARTS allows.
 *   tsx scripts/check-bundle.ts [distDir]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../apps/web/build/compile-hints.ts';

type Chunk = {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
};

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/**
 * Initial JS per screen, gzip, in KB (1,000 bytes): its page's entry (the server sends sign-in.html for a
 * page load of /login, index.html otherwise), the lazy modules the router loads for it (its layout when that
 * is lazy, and the page) and the parts of the English catalogue it loads (lib/i18n.ts loads one language,
 * on start its core; the signed-in layouts add the `app` part, app/router.tsx).
 */
const CORE = 'src/locales/en.json?part=core';
const APP = 'src/locales/en.json?part=app';
export const BUDGETS = [
  { screen: 'sign-in page', entry: 'sign-in.html', routes: [CORE], kb: 160 },
  {
    screen: 'profile list (home)',
    entry: 'index.html',
    routes: ['src/app/layouts/default-layout.tsx', 'src/app/routes/home.tsx', CORE, APP],
    kb: 200,
  },
] as const;

/**
 * The parts the list loads after its first paint (by chunk name), and how many JS files each may add to
 * the list's: Vite's preload helper adds a modulepreload link per file, all in the task that asks for the
 * part, a long task for a dozen (apps/web/build/shared-chunks.ts's overlay kit).
 */
const LATE_PARTS = [{ part: 'navbar-metrics', after: 'profile list (home)', files: 2 }] as const;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gzipped = new Map<string, number>();
function gz(file: string): number {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipped.get(file)!;
}

let failed = false;
const rows = [];
for (const budget of BUDGETS) {
  if (!manifest[budget.entry]?.isEntry)
    throw new Error(`${budget.entry} is not an entry of the build (apps/web/vite.config.ts, build.manifest)`);
  for (const route of budget.routes) {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of its own: is it still lazy?`);
  }
  const files = [...closure([budget.entry, ...budget.routes])]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
  const unhinted = files.filter((f) => !readFileSync(path.join(dist, f), 'utf8').startsWith(COMPILE_HINT));
  if (unhinted.length) {
    console.error(`check-bundle: ${budget.screen}: no compile hint on the first line of ${unhinted.join(', ')}`);
    failed = true;
  }
  const bytes = files.reduce((sum, f) => sum + gz(f), 0);
  const kb = Math.round(bytes / 100) / 10;
  const ok = kb <= budget.kb;
  failed ||= !ok;
  rows.push({
    screen: budget.screen,
    'JS gzip (KB)': kb,
    // The exact figure: on a budget this close, a change's cost is a few hundred bytes.
    bytes,
    'budget (KB)': budget.kb,
    files: files.length,
    result: ok ? 'ok' : 'OVER BUDGET',
  });
  if (!ok || process.env.SIZE_VERBOSE) {
    const heaviest = files
      .map((f) => ({ file: f, 'gzip KB': Math.round(gz(f) / 100) / 10 }))
      .sort((a, b) => b['gzip KB'] - a['gzip KB']);
    console.log(`\n${budget.screen}: heaviest files`);
    console.table(heaviest.slice(0, 10));
  }
}
console.table(rows);
for (const late of LATE_PARTS) {
  const after = BUDGETS.find((b) => b.screen === late.after)!;
  const loaded = closure([after.entry, ...after.routes]);
  const key = Object.keys(manifest).find((k) => manifest[k]!.name === late.part && manifest[k]!.file.endsWith('.js'));
  if (!key) throw new Error(`no chunk named ${late.part}: did its module move?`);
  const files = [...closure([key])]
    .filter((k) => !loaded.has(k) && manifest[k]!.file.endsWith('.js'))
    .map((k) => manifest[k]!.file);
  console.log(
    `check-bundle: the ${late.part} part adds ${files.length} JS files to the ${late.after} (at most ${late.files})`,
  );
  if (files.length > late.files) {
    console.error(`check-bundle: the ${late.part} part comes in too many files: ${files.join(', ')}`);
    failed = true;
  }
}
if (rows.some((row) => row.result !== 'ok'))
  console.error('check-bundle: over budget: keep heavy screens and dialogs lazy; see README "Front-end budgets"');
if (failed) process.exit(1);
console.log('check-bundle: ok');
