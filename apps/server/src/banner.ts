import type { Config } from './lib/config.ts';

import type { DemoAccount } from './seed/index.ts';

type Seed = { created: boolean; accounts: DemoAccount[] } | null;

/** What a person starting the server needs: where it is, which database, and how to sign in. */
export function printBanner(opts: { config: Config; address: string; database: string; seed: Seed }) {
  const port = new URL(opts.address).port;
  const wildcard = ['localhost', '0.0.0.0', '::'].includes(opts.config.HOST);
  const origin = `http://${wildcard ? 'localhost' : opts.config.HOST}:${port}`;
  const where =
    opts.database === 'pglite'
      ? `embedded PostgreSQL (PGlite) in ${opts.config.DATA_DIR}`
      : 'PostgreSQL (DATABASE_URL)';
  const lines = [``, `Centinela is running at ${origin}`, `API docs: ${origin}/api/docs`, `Database: ${where}`];
  if (opts.seed) {
    lines.push(opts.seed.created ? 'Demo data: created now' : 'Demo data: already present', '', 'Demo accounts:');
    const width = Math.max(...opts.seed.accounts.map((a) => a.email.length));
    for (const a of opts.seed.accounts) {
      const note = a.active ? a.owner || 'platform staff' : `${a.owner} (inactive: shows the not-authorized message)`;
      lines.push(`  ${a.email.padEnd(width)}  ${a.password}  ${a.role.padEnd(8)} ${note}`);
    }
  }
  console.log(lines.join('\n') + '\n');
}
