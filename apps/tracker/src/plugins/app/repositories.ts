import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

/** Every repository, closed over the database; route handlers and services query through these. */
export default fp(
  async function repositories(app: FastifyInstance) {
    app.decorate('repos', createRepositories(app.database.db, app.trackerConfig.now));
  },
  { name: 'repositories', dependencies: ['tracker-config', 'database'] },
);
