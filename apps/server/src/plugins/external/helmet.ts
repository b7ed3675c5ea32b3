import { SELF_ONLY_CSP } from '@app/server-kit';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers with the strict Content Security Policy both servers share. */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const production = app.config.env.NODE_ENV === 'production';
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...SELF_ONLY_CSP,
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only means something over HTTPS, which a production deployment terminates in front.
      strictTransportSecurity: production,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
