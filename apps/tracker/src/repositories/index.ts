import type { Db } from '../db/types.ts';
import { catalogueRepository } from './catalogue.ts';
import { emailTokensRepository } from './email-tokens.ts';
import { holdsRepository } from './holds.ts';
import { joinRequestsRepository } from './join-requests.ts';
import { memberSessionsRepository } from './member-sessions.ts';
import { outboxRepository } from './outbox.ts';
import { signupKeysRepository } from './signup-keys.ts';
import { submissionsRepository } from './submissions.ts';
import { teamsRepository } from './teams.ts';
import { usersRepository } from './users.ts';

export function createRepositories(db: Db, now: () => Date) {
  return {
    catalogue: catalogueRepository(db),
    teams: teamsRepository(db),
    holds: holdsRepository(db),
    users: usersRepository(db),
    joinRequests: joinRequestsRepository(db),
    emailTokens: emailTokensRepository(db),
    submissions: submissionsRepository(db),
    outbox: outboxRepository(db, now),
    signupKeys: signupKeysRepository(db),
    memberSessions: memberSessionsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
