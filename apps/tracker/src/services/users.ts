import { createHash, randomBytes } from 'node:crypto';
import { type CreateUserPayload, JOIN_RESPONSE_DAYS } from '@app/contracts';
import { HttpError } from '../errors.ts';
import { hashPassword } from '../password.ts';
import type { TrackerContext } from './context.ts';

export const EMAIL_TAKEN_MESSAGE =
  'An account with this email address already exists. Sign in instead, or use another address.';

/**
 * Why a user was created without a join request (the `joinRequestWarning` of POST /users).
 * These are the only two cases; anything else is an error and creates nothing.
 */
export const JOIN_REQUEST_WARNINGS = {
  /** The team id names no team, e.g. the site's built-in sample team shown when matching failed. */
  teamNotFound: (teamId: string | number) =>
    `Team ${JSON.stringify(String(teamId))} does not exist, so no join request was sent.`,
  /** The team already has as many Active members as it has places. */
  teamFull: (name: string) => `Team "${name}" is full, so no join request was sent.`,
} as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A team id from the browser: our numeric ids, or anything else (which names no team). */
function teamIdNumber(teamId: string | number): number | null {
  const s = String(teamId).trim();
  return /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null;
}

export async function createUser(ctx: TrackerContext, payload: CreateUserPayload) {
  const { repos, database, config } = ctx;
  const email = payload.email.trim();
  // Checked before hashing so a duplicate does not cost a quarter of a second of CPU.
  if (await repos.users.emailTaken(email)) {
    throw new HttpError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  }
  const passwordHash = await hashPassword(payload.password, ctx.scryptLogN);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();

  const result = await database.db
    .transaction(async (tx) => {
      const user = await repos.users.insert(
        {
          email,
          passwordHash,
          name: payload.name,
          goalSummary: payload.goalSummary,
          status: 'Pending',
        },
        tx,
      );
      await repos.emailTokens.insert(
        {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + config.emailTokenTtlMs),
        },
        tx,
      );

      const id = teamIdNumber(payload.teamId);
      const team = id === null ? null : await repos.teams.findRow(id, tx);
      let warning: string | undefined;
      if (!team) {
        warning = JOIN_REQUEST_WARNINGS.teamNotFound(payload.teamId);
      } else if ((await repos.teams.activeMemberCount(team.id, tx)) >= team.capacity) {
        warning = JOIN_REQUEST_WARNINGS.teamFull(team.name);
      } else {
        const membership = await repos.teams.addMembership(
          { teamId: team.id, userId: user.id, status: 'Pending' },
          tx,
        );
        await repos.joinRequests.insert(
          { userId: user.id, teamId: team.id, membershipId: membership.id },
          tx,
        );
      }

      const link = `${config.siteUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      const hours = Math.round(config.emailTokenTtlMs / 3_600_000);
      await repos.outbox.enqueue(
        {
          kind: 'email-confirmation',
          to: email,
          subject: 'Please confirm your email address',
          text: [
            `Hi ${payload.name},`,
            '',
            'Thank you for signing up with Accountability Partners. Please confirm your email address by opening this link:',
            '',
            link,
            '',
            `The link works once and expires in ${hours} hours.`,
            team && !warning
              ? `Your join request to Team ${team.name} is waiting for the team. Watch for an approval email over the next ${JOIN_RESPONSE_DAYS} days.`
              : 'We will be in touch about your team.',
            '',
            'If you did not sign up, you can ignore this email.',
          ].join('\n'),
        },
        tx,
      );
      if (warning && config.adminEmail) {
        await repos.outbox.enqueue(
          {
            kind: 'join-request-issue',
            to: config.adminEmail,
            subject: `Join request not created for user ${user.id}`,
            text: `User ${user.id} (${payload.name}) signed up, but no join request was created: ${warning}`,
          },
          tx,
        );
      }
      return { userId: user.id, warning };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      throw error;
    });

  ctx.mailer.kick();
  return result.warning
    ? { user: { id: result.userId }, joinRequestWarning: result.warning }
    : { user: { id: result.userId }, joinRequestSuccess: true as const };
}

export async function confirmEmail(ctx: TrackerContext, token: string) {
  const { repos, database } = ctx;
  const now = ctx.now();
  await database.db.transaction(async (tx) => {
    const row = await repos.emailTokens.findForUpdate(hashToken(token), tx);
    if (!row) {
      throw new HttpError(404, 'TOKEN_NOT_FOUND', 'This confirmation link is not valid.');
    }
    if (row.usedAt) {
      throw new HttpError(409, 'TOKEN_USED', 'This confirmation link has already been used.');
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw new HttpError(
        410,
        'TOKEN_EXPIRED',
        'This confirmation link has expired. Please contact us for a new one.',
      );
    }
    await repos.emailTokens.markUsed(row.id, now, tx);
    await repos.users.confirmEmail(row.userId, now, tx);
  });
  return { status: 'confirmed' as const, message: 'Thank you! Your email address is confirmed.' };
}
