import type { Config } from './config.ts';

type Seed = { created: boolean; accounts: { email: string; password: string; role: string; owner: string }[] } | null;

/** What a person starting the server needs: where it is, which database, and how to sign in. */
export function printBanner(opts: { config: Config; address: string; database: string; seed: Seed }) {
  const port = new URL(opts.address).port;
  const where = opts.database === 'pglite' ? `embedded PostgreSQL (PGlite) in ${opts.config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [``, `Centinela is running at http://localhost:${port}`, `API docs: http://localhost:${port}/api/docs`, `Database: ${where}`];
  if (opts.seed) {
    lines.push(opts.seed.created ? 'Demo data: created now' : 'Demo data: already present', '', 'Demo accounts:');
    const width = Math.max(...opts.seed.accounts.map((a) => a.email.length));
    for (const a of opts.seed.accounts) lines.push(`  ${a.email.padEnd(width)}  ${a.password}  ${a.role.padEnd(8)} ${a.owner}`);
  }
  console.log(lines.join('\n') + '\n');
}
