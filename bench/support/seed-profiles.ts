import pg from 'pg';
import { hashPassword } from '../../apps/server/src/domains/auth/password.ts';

const FIRST = [
  'Ana',
  'Luis',
  'María',
  'José',
  'Camila',
  'Andrés',
  'Valentina',
  'Carlos',
  'Sofía',
  'Diego',
  'Lucía',
  'Mateo',
];
const LAST = [
  'Gómez',
  'Rodríguez',
  'Pérez',
  'Martínez',
  'García',
  'López',
  'Hernández',
  'Díaz',
  'Torres',
  'Ramírez',
  'Silva',
  'Rojas',
];
const literal = (items: string[]) => `ARRAY[${items.map((s) => `'${s}'`).join(',')}]`;

/**
 * N persons of one owner generated inside PostgreSQL (generate_series: no client round trips), spread
 * over countries, statuses and the last ~2 years, then ANALYZE. Returns the owner and a user to sign in.
 */
export async function seedProfiles(databaseUrl: string, rows: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = performance.now();
  const owner = await client.query<{ id: string }>(
    `INSERT INTO owner (code_name, name) VALUES ('bench', 'Bench S.A.') RETURNING id`,
  );
  const ownerId = owner.rows[0]!.id;
  const email = 'bench@example.test';
  const password = 'bench-password';
  await client.query(`INSERT INTO "user" (owner_id, username, roles, password_hash) VALUES ($1, $2, '{analyst}', $3)`, [
    ownerId,
    email,
    await hashPassword(password),
  ]);
  await client.query(
    `INSERT INTO profile (owner_id, country, document_id, name, email, phone, status, created_as, created_at, updated_at, visible_from)
     SELECT $1,
            (ARRAY['ar','br','cl','co','cr','ec','mx','pa','pe'])[1 + g % 9]::country,
            (10000000 + g)::text,
            (${literal(FIRST)})[1 + g % 12] || ' ' || (${literal(LAST)})[1 + (g / 12) % 12] || ' ' || (${literal(LAST)})[1 + (g / 144) % 12],
            'person' || g || '@example.com',
            '+5730' || lpad((g % 100000000)::text, 8, '0'),
            (ARRAY['PASSED','PASSED','PASSED','FAILED','PENDING','INFO','PENDING_MANUAL_REVIEW','ERROR','INCOMPLETE','PRECANDIDATE'])[1 + g % 10]::profile_status,
            (ARRAY['dashboard','api','csv','form'])[1 + g % 4]::created_as,
            now() - make_interval(secs => g * 60),
            now() - make_interval(secs => g * 60),
            now() - make_interval(secs => g * 60)
     FROM generate_series(1, $2::int) AS g`,
    [ownerId, rows],
  );
  await client.query('ANALYZE profile');
  await client.end();
  return { ownerId, email, password, ms: Math.round(performance.now() - start) };
}
