import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../../db/client.ts';
import { lockDataDir } from '../../lock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * The database, migrated and seeded before the first request. PGlite takes no lock of its own
 * (two processes on one directory lose acknowledged rows), so its data directory is locked here.
 */
export default fp(
  async function database(app: FastifyInstance) {
    const config = app.trackerConfig;
    const unlock = config.databaseUrl
      ? async () => {}
      : await lockDataDir(config.dataDir, { staleMs: config.lockStaleMs });
    let database: Database;
    try {
      database = await openDatabase(config);
    } catch (error) {
      await unlock();
      throw error;
    }
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      try {
        await database.close();
      } finally {
        await unlock();
      }
    });
  },
  { name: 'database', dependencies: ['tracker-config'] },
);
