import { securityHeaders } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security headers both servers share (server-kit). HTTPS is terminated in front of a
 * production deployment, so production is when browsers arrive over HTTPS.
 */
export default fp(
  async function siteSecurityHeaders(app: FastifyInstance) {
    await app.register(securityHeaders, { https: app.config.env.NODE_ENV === 'production' });
  },
  { name: 'site-security-headers', dependencies: ['config'] },
);
