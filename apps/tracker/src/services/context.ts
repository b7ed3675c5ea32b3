import type { FastifyInstance } from 'fastify';

/** What the services use: the tracker's decorators (a Fastify instance is one). */
export type TrackerContext = Pick<
  FastifyInstance,
  'trackerConfig' | 'database' | 'repos' | 'mailer' | 'storage' | 'signups' | 'trackerMetrics'
>;
