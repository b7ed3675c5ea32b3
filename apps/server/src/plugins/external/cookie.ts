import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Cookie parsing and signing with the site's session secret. */
export default fp(
  async function cookies(app: FastifyInstance) {
    await app.register(cookie, { secret: app.config.sessionSecret });
  },
  { name: 'cookies', dependencies: ['config'] },
);
