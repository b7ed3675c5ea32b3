import type { TrackerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mailer.ts';
import { catalogueRepository } from '../repositories/catalogue.ts';
import { emailTokensRepository } from '../repositories/email-tokens.ts';
import { joinRequestsRepository } from '../repositories/join-requests.ts';
import { outboxRepository } from '../repositories/outbox.ts';
import { signupKeysRepository } from '../repositories/signup-keys.ts';
import { submissionsRepository } from '../repositories/submissions.ts';
import { teamsRepository } from '../repositories/teams.ts';
import { usersRepository } from '../repositories/users.ts';
import type { PhotoStorage } from '../storage.ts';
import type { BoundedQueue } from './signup-queue.ts';
import type { CreateUserAnswer } from './users.ts';

export function createRepositories(database: Database, now: () => Date) {
  const { db } = database;
  return {
    catalogue: catalogueRepository(db),
    teams: teamsRepository(db),
    users: usersRepository(db),
    joinRequests: joinRequestsRepository(db),
    emailTokens: emailTokensRepository(db),
    submissions: submissionsRepository(db),
    outbox: outboxRepository(db, now),
    signupKeys: signupKeysRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** Everything a request handler may use; decorated on the Fastify instance as `tracker`. */
export interface TrackerContext {
  config: TrackerConfig;
  database: Database;
  repos: Repositories;
  mailer: Mailer;
  storage: PhotoStorage;
  apiKey: string;
  now: () => Date;
  signups: {
    /** Password hashing (sign-ups, sign-ins) runs through this, bounded. */
    queue: BoundedQueue;
    /** Sign-ups under way in this process, by idempotency key: a retry waits for the first. */
    inFlight: Map<string, { fingerprint: string; answer: Promise<CreateUserAnswer> }>;
  };
}
