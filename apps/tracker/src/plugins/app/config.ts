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
  }
}

/** The configuration, resolved once by the caller before anything else loads. */
export default fp(
  async function trackerConfig(app: FastifyInstance, opts: { config: TrackerConfig }) {
    app.decorate('trackerConfig', opts.config);
  },
  { name: 'tracker-config' },
);
