import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';

/** Everything the site needs to know, resolved once at start-up by the caller. */
export interface SiteConfig {
  env: Env;
  /** The tracker this site talks to: remote, or started in this process. */
  tracker: { url: string; apiKey: string };
  sessionSecret: string;
  /** The clock of the proxy's read cache, in ms (tests move it; the site uses performance.now). */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: SiteConfig;
  }
}

export default fp(
  async function config(app: FastifyInstance, opts: { config: SiteConfig }) {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
