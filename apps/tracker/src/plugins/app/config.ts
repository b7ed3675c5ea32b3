import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TrackerConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trackerConfig: TrackerConfig;
  }
  interface FastifyContextConfig {
    /** Served without the API key (health check, photos, the OpenAPI document). */
    public?: boolean;
    /**
     * Posted by a mail client rather than the front door's pages (RFC 8058 one-click
     * unsubscribe): no Origin to check; the token in the URL is the credential.
     */
    fromMailClient?: boolean;
  }
}

/** The configuration, resolved once by the caller before anything else loads. */
export default fp(
  async function trackerConfig(app: FastifyInstance, opts: { config: TrackerConfig }) {
    app.decorate('trackerConfig', opts.config);
  },
  { name: 'tracker-config' },
);
