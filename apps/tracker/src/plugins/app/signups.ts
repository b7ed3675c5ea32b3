import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PasswordHasher } from '../../password.ts';
import { boundedPasswords, type Passwords, TypicalDuration } from '../../services/hashing.ts';
import type { CreateUserAnswer } from '../../services/users.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signups: {
      /** Password hashing (sign-ups, sign-ins, changes), bounded: 503 when its line is full. */
      passwords: Passwords;
      /** The threads `passwords` hashes on. */
      hasher: PasswordHasher;
      /** How long a sign-up typically takes lately. */
      typical: TypicalDuration;
      /** Sign-ups under way in this process, by idempotency key: a retry waits for the first. */
      inFlight: Map<string, { fingerprint: string; answer: Promise<CreateUserAnswer> }>;
    };
  }
}

export default fp(
  async function signups(app: FastifyInstance) {
    const { signupConcurrency, signupQueueMax, passwordCost } = app.trackerConfig;
    // As many hashing threads as asked for, but never more than the cores left to the rest of
    // the machine; the sign-ups asked for beyond that wait in the line, as the ones that do.
    const threads = Math.min(signupConcurrency, Math.max(1, availableParallelism() - 1));
    const maxQueue = signupQueueMax + (signupConcurrency - threads);
    const hasher = new PasswordHasher({ threads, maxQueue }, passwordCost);
    const typical = new TypicalDuration();
    app.decorate('signups', {
      passwords: boundedPasswords(hasher, typical),
      hasher,
      typical,
      inFlight: new Map(),
    });
    app.addHook('onClose', () => hasher.close());
  },
  { name: 'signups', dependencies: ['tracker-config'] },
);
