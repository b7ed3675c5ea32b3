import { checkDataDir, dataDirProblem } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serveBackupSocket } from '../../backup-socket.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { lockDataDir } from '../../lock.ts';
import { seedCheckIns } from '../../seed/seed.ts';

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
    // A read-only mount or a full disk is told in plain words, with the path, before anything else.
    await checkDataDir(config.dataDir);
    const unlock = config.databaseUrl
      ? async () => {}
      : await lockDataDir(config.dataDir, { staleMs: config.lockStaleMs });
    let database: Database;
    try {
      database = await openDatabase(config);
    } catch (error) {
      await unlock();
      // The check leaves room for a few writes only: PGlite's files can still fill the disk.
      throw (config.databaseUrl ? undefined : dataDirProblem(config.dataDir, error)) ?? error;
    }
    try {
      // The seed's members keep checking in: the days since the last start are filled in.
      await seedCheckIns(database.db, config.now());
    } catch (error) {
      await database.close().catch(() => {});
      await unlock();
      throw error;
    }
    // The embedded store's backups are taken through the tracker that holds it (decision 54).
    let closeBackupSocket: (() => Promise<void>) | null = null;
    try {
      closeBackupSocket = config.databaseUrl
        ? null
        : await serveBackupSocket(config.dataDir, database, (message) => app.log.warn(message));
    } catch (error) {
      await database.close().catch(() => {});
      await unlock();
      throw error;
    }
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      try {
        await closeBackupSocket?.();
        await database.close();
      } finally {
        await unlock();
      }
    });
  },
  { name: 'database', dependencies: ['tracker-config'] },
);
