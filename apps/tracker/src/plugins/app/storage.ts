import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { diskStorage, type PhotoStorage } from '../../storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: PhotoStorage;
  }
}

/** Where photos live: the given store, or `<dataDir>/uploads`. */
export default fp(
  async function storage(app: FastifyInstance, opts: { storage?: PhotoStorage | undefined }) {
    app.decorate(
      'storage',
      opts.storage ?? diskStorage(path.join(app.trackerConfig.dataDir, 'uploads')),
    );
  },
  { name: 'storage', dependencies: ['tracker-config'] },
);
