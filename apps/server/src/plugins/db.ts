import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database; closing the app closes it. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.addHook('onClose', async () => {
      await opts.database.close();
    });
  },
  { name: 'db' },
);
