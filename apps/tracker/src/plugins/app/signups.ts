import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedQueue } from '../../services/signup-queue.ts';
import type { CreateUserAnswer } from '../../services/users.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signups: {
      /** Password hashing (sign-ups, sign-ins) runs through this, bounded. */
      queue: BoundedQueue;
      /** Sign-ups under way in this process, by idempotency key: a retry waits for the first. */
      inFlight: Map<string, { fingerprint: string; answer: Promise<CreateUserAnswer> }>;
    };
  }
}

export default fp(
  async function signups(app: FastifyInstance) {
    const { signupConcurrency, signupQueueMax } = app.trackerConfig;
    app.decorate('signups', {
      queue: new BoundedQueue(signupConcurrency, signupQueueMax),
      inFlight: new Map(),
    });
  },
  { name: 'signups', dependencies: ['tracker-config'] },
);
