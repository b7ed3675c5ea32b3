import * as z from 'zod/mini';
import { endpoint } from './endpoints.ts';

/** The process runs (its event loop answers). */
export const Liveness = z.object({ status: z.literal('live') });

/** Why an instance asks a load balancer to send it nothing new for now. */
export const NotReadyReason = z.enum([
  /** Shutting down: it finishes what it has, then closes. */
  'draining',
  /** The tracker's database does not answer. */
  'database-unreachable',
  /** The site's tracker does not answer. */
  'tracker-unreachable',
]);
export type NotReadyReason = z.infer<typeof NotReadyReason>;

export const Readiness = z.object({ status: z.literal('ready') });
export const NotReady = z.object({
  status: z.literal('not-ready'),
  reason: NotReadyReason,
  message: z.string(),
});
export type NotReady = z.infer<typeof NotReady>;

/**
 * What a load balancer asks every process (site, tracker API, tracker front door), at the same
 * paths on each: liveness (restart it if this fails) and readiness (send it requests only while
 * this is 200; a 503 carries Retry-After). Both are public and never rate limited.
 */
export const HEALTH_API = {
  live: endpoint({
    method: 'GET',
    url: '/health/live',
    summary: 'Say the process is running',
    schema: { response: { 200: Liveness } },
  }),
  ready: endpoint({
    method: 'GET',
    url: '/health/ready',
    summary:
      'Say whether this instance takes new requests: 503 with a reason and Retry-After while it drains or what it needs does not answer',
    schema: { response: { 200: Readiness, 503: NotReady } },
  }),
} as const;
