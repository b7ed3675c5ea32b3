import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses JSON and static files alike, brotli first (@fastify/static does not compress on its
 * own): the site and the tracker's front door both send their scripts this way.
 */
export const compression = fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
