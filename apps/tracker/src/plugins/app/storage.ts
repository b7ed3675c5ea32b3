import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseStorage, diskStorage, type PhotoStorage, UPLOADS_SUBDIR } from '../../storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: PhotoStorage;
  }
}

/**
 * Where photos live: the given store; PostgreSQL's `photos` table when the tracker runs on
 * PostgreSQL (shared by every tracker on it); else `<dataDir>/uploads`.
 */
export default fp(
  async function storage(app: FastifyInstance, opts: { storage?: PhotoStorage | undefined }) {
    const { dataDir, databaseUrl } = app.trackerConfig;
    app.decorate(
      'storage',
      opts.storage ??
        (databaseUrl
          ? databaseStorage(app.database.db)
          : diskStorage(path.join(dataDir, UPLOADS_SUBDIR))),
    );
  },
  { name: 'storage', dependencies: ['tracker-config', 'database'] },
);
