import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Compresses JSON and static files alike (@fastify/static does not compress on its own). */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
