import type { Plugin } from 'vite';

/**
 * The chunks of the two entries and the two budgeted pages, from the module graph once it is
 * known (buildEnd), before chunks are made:
 * - `common`: what index.html's app (main.tsx) and sign-in.html's page (sign-in-main.tsx) both load first
 *   (React, i18n, the UI kit's provider); `shell`: what only the app loads first (router, TanStack Query,
 *   its shell); `sign-in-page`: what only the sign-in page loads first (the text fields
 *   land in `common`: the closures reach them through @mantine/core's index from both entries).
 *   One file each instead of ~25 small ones: one request, better compression.
 * - `list`: what the profile list (home, the page signed-in users open first) adds to those — the modules
 *   its layout and page import statically, minus the entries', the app's sign-in route's and those imported
 *   lazily anywhere (route pages keep their own small chunk); `sign-in`: the same for the app's /login
 *   route. Otherwise they come as many small chunks: more round trips and more gzip. Pages opened
 *   later reuse these chunks, usually already cached.
 */
export function pageChunkGroups() {
  const names = ['common', 'shell', 'sign-in-page', 'sign-in', 'list'] as const;
  let chunks: Record<(typeof names)[number], Set<string>> = Object.fromEntries(
    names.map((n) => [n, new Set<string>()]),
  ) as never;
  // The entry modules stay in their entry chunks (each HTML page loads its own).
  let entries = new Set<string>();
  const plugin: Plugin = {
    name: 'centinela:page-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (starts: (string | undefined)[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        for (const start of starts) {
          if (!start) throw new Error('centinela:page-chunks: an entry or route module is missing');
          visit(start);
        }
        return seen;
      };
      const find = (suffix: string) => ids.find((id) => id.replaceAll('\\', '/').endsWith(suffix));
      const app = closure([find('/src/main.tsx')]);
      const page = closure([find('/src/sign-in-main.tsx')]);
      const signIn = closure([find('/src/app/routes/login.tsx')]);
      const list = closure([find('/src/app/layouts/default-layout.tsx'), find('/src/app/routes/home.tsx')]);
      const lazy = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      entries = new Set(
        ids.filter(
          (id) =>
            this.getModuleInfo(id)?.isEntry ||
            /\.html$/.test(id) ||
            id.endsWith('/src/main.tsx') ||
            id.endsWith('/src/sign-in-main.tsx'),
        ),
      );
      const own = (id: string) => !app.has(id) && !page.has(id) && !lazy(id);
      chunks = {
        common: new Set([...app].filter((id) => page.has(id))),
        shell: new Set([...app].filter((id) => !page.has(id))),
        'sign-in-page': new Set([...page].filter((id) => !app.has(id))),
        'sign-in': new Set([...signIn].filter((id) => own(id) && !list.has(id))),
        list: new Set([...list].filter((id) => own(id) && !signIn.has(id))),
      };
    },
  };
  // The closures above follow every static import, also into barrels whose unused parts the bundler drops:
  // the entries' groups also take only modules the bundler found initial (`$initial`), so nothing lazy
  // that a barrel merely names ends up loaded first.
  const group = (name: (typeof names)[number], priority: number, initial = false) => ({
    name,
    test: (id: string) => chunks[name].has(id) && !entries.has(id),
    priority,
    ...(initial ? { tags: ['$initial' as const] } : {}),
  });
  return {
    plugin,
    groups: [
      group('common', 3, true),
      group('sign-in-page', 3, true),
      group('shell', 3, true),
      group('sign-in', 1),
      group('list', 1),
    ],
  };
}
