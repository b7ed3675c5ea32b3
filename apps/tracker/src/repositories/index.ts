import type { Db } from '../db/types.ts';
import { auditLogRepository } from './audit-log.ts';
import { catalogueRepository } from './catalogue.ts';
import { checkInsRepository } from './check-ins.ts';
import { emailLinksRepository } from './email-links.ts';
import { emailTokensRepository } from './email-tokens.ts';
import { holdsRepository } from './holds.ts';
import { joinRequestsRepository } from './join-requests.ts';
import { memberExportRepository } from './member-export.ts';
import { memberSessionsRepository } from './member-sessions.ts';
import { membersRepository } from './members.ts';
import { nudgesRepository } from './nudges.ts';
import { outboxRepository } from './outbox.ts';
import { passkeysRepository } from './passkeys.ts';
import { passwordResetsRepository } from './password-resets.ts';
import { pausesRepository } from './pauses.ts';
import { pushSubscriptionsRepository } from './push-subscriptions.ts';
import { quietListingsRepository } from './quiet-listings.ts';
import { quietSpellsRepository } from './quiet-spells.ts';
import { recapsRepository } from './recaps.ts';
import { retentionRepository } from './retention.ts';
import { secondFactorsRepository } from './second-factors.ts';
import { signupKeysRepository } from './signup-keys.ts';
import { submissionsRepository } from './submissions.ts';
import { teamCallsRepository } from './team-calls.ts';
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
    members: membersRepository(db),
    checkIns: checkInsRepository(db),
    nudges: nudgesRepository(db),
    pauses: pausesRepository(db),
    recaps: recapsRepository(db),
    emailLinks: emailLinksRepository(db),
    auditLog: auditLogRepository(db),
    teamCalls: teamCallsRepository(db),
    passwordResets: passwordResetsRepository(db),
    quietSpells: quietSpellsRepository(db),
    quietListings: quietListingsRepository(db),
    secondFactors: secondFactorsRepository(db),
    passkeys: passkeysRepository(db),
    pushSubscriptions: pushSubscriptionsRepository(db),
    memberExport: memberExportRepository(db),
    retention: retentionRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
