import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateUserPayload,
  JOIN_RESPONSE_DAYS,
  MESSAGES,
  oneLine,
  rowId,
} from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../password.ts';
import type { OutgoingMail } from '../repositories/outbox.ts';
import type { TrackerContext } from './context.ts';
import { sleep } from './hashing.ts';
import { makeLink, ONE_USE_LINKS, useLink } from './one-use-links.ts';

export const EMAIL_TAKEN_MESSAGE =
  'An account with this email address already exists. Sign in instead, or use another address.';

/**
 * Why a user was created without a join request (the `joinRequestWarning` of POST /users).
 * This is the only case; anything else is an error and creates nothing.
 */
export const JOIN_REQUEST_WARNINGS = {
  /** Every seat of the team is taken (members, applicants and other people's holds). */
  teamFull: (name: string) => `Team "${name}" is full, so no join request was sent.`,
} as const;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What identifies a sign-up besides its key: a key sent again with other details is refused. */
function signupFingerprint(payload: CreateUserPayload): string {
  // The password is left out: a fast hash of it must not be stored beside the slow one.
  const { email, name, goalSummary, teamId } = payload;
  return createHash('sha256')
    .update(JSON.stringify([email.trim().toLowerCase(), name, goalSummary, String(teamId)]))
    .digest('hex');
}

export type CreateUserAnswer = Awaited<ReturnType<typeof insertAccount>>;

const emailTaken = () => new HttpError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
const keyReused = () =>
  new HttpError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a sign-up with other details.',
  );

/** How long a sign-up's key is remembered: far longer than any browser keeps retrying. */
const SIGNUP_KEY_TTL_MS = 24 * 3_600_000;

/**
 * Creates the account, its email token, join request and confirmation mail in one transaction.
 * With an idempotency key, the first answer is stored in that transaction and every later request
 * with the same key gets it back, also while the first is still running; without one, a retry of
 * a sign-up whose answer was lost would find its own account and answer "email taken".
 */
export async function createUser(
  ctx: TrackerContext,
  payload: CreateUserPayload,
  key: string | null = null,
  holdOwner?: string,
): Promise<CreateUserAnswer> {
  if (key === null) return signUp(ctx, payload, null, holdOwner);
  const fingerprint = signupFingerprint(payload);
  const stored = await ctx.repos.signupKeys.find(key);
  if (stored) {
    if (stored.fingerprint !== fingerprint) throw keyReused();
    return stored.answer as CreateUserAnswer;
  }
  const running = ctx.signups.inFlight.get(key);
  if (running) {
    if (running.fingerprint !== fingerprint) throw keyReused();
    return running.answer;
  }
  const answer = signUp(ctx, payload, { key, fingerprint }, holdOwner);
  ctx.signups.inFlight.set(key, { fingerprint, answer });
  try {
    return await answer;
  } finally {
    ctx.signups.inFlight.delete(key);
  }
}

/**
 * One sign-up, its hash through the tracker's bounded hasher (503 with Retry-After when its line is
 * full, before anything is written). An address already taken is refused without hashing, but only
 * after as long as a sign-up typically takes, so the answer time does not tell whether an account
 * exists.
 */
async function signUp(
  ctx: TrackerContext,
  payload: CreateUserPayload,
  idempotency: { key: string; fingerprint: string } | null,
  holdOwner: string | undefined,
) {
  const { passwords, typical } = ctx.signups;
  const started = performance.now();
  const email = payload.email.trim();
  if (await ctx.repos.users.emailTaken(email)) {
    await sleep(typical.ms - (performance.now() - started));
    throw emailTaken();
  }
  const passwordHash = await passwords.hash(payload.password);
  try {
    const answer = await insertAccount(ctx, payload, email, passwordHash, idempotency, holdOwner);
    ctx.trackerMetrics.signups.inc();
    typical.record(performance.now() - started);
    return answer;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another tracker sharing the database took this key first: its answer is the answer.
    const stored = idempotency && (await ctx.repos.signupKeys.find(idempotency.key));
    if (!stored) throw emailTaken();
    if (stored.fingerprint !== idempotency.fingerprint) throw keyReused();
    return stored.answer as CreateUserAnswer;
  }
}

type Placement =
  | { outcome: 'pending'; teamName: string; joinRequestId: number }
  | { outcome: 'unmatched'; joinRequestId: number }
  | { outcome: 'full'; teamName: string };

const byName = (value: string) => value.trim().toLowerCase();

/** The ids of the area and role a sign-up named (case and spacing aside); null for an unknown one. */
async function focusOf(
  ctx: TrackerContext,
  tx: Db,
  { areaName, roleName }: { areaName?: string | undefined; roleName?: string | undefined },
) {
  const find = (rows: { id: number; name: string }[], name: string | undefined) =>
    name === undefined ? null : (rows.find((row) => byName(row.name) === byName(name))?.id ?? null);
  return {
    areaId: find(await ctx.repos.catalogue.focusAreaNames(tx), areaName),
    roleId: find(await ctx.repos.catalogue.roleAreaNames(tx), roleName),
  };
}

/**
 * Where a new account's join request goes, inside the sign-up's transaction. With the team row
 * locked: the owner's live hold on the team becomes the Pending membership (its seat passes on);
 * without one, an open seat is needed. A team id that names no team (the browser's sample team,
 * shown when the team list could not be reached) gives an unmatched join request an operator
 * places.
 */
async function placeSignUp(
  ctx: TrackerContext,
  tx: Db,
  userId: number,
  teamId: string | number,
  holdOwner: string | undefined,
  focus: { areaName?: string | undefined; roleName?: string | undefined },
): Promise<Placement> {
  const { repos } = ctx;
  const id = rowId(teamId);
  const team = id === null ? null : await repos.teams.lock(id, tx);
  if (!team) {
    const request = await repos.joinRequests.insertUnmatched(
      userId,
      tx,
      await focusOf(ctx, tx, focus),
    );
    return { outcome: 'unmatched', joinRequestId: request.id };
  }
  // Read the clock after the lock: a sign-up that waited for it must not count with a stale time.
  const now = ctx.trackerConfig.now();
  const held = holdOwner ? await repos.holds.claim(holdOwner, team.id, now, tx) : null;
  if (!held && (await repos.teams.takenSeats(team.id, now, tx)) >= team.capacity) {
    return { outcome: 'full', teamName: team.name };
  }
  const membership = await repos.teams.addMembership(
    { teamId: team.id, userId, status: 'Pending' },
    tx,
  );
  const request = await repos.joinRequests.insert(
    { userId, teamId: team.id, membershipId: membership.id },
    tx,
  );
  return { outcome: 'pending', teamName: team.name, joinRequestId: request.id };
}

/**
 * `holdOwner` names the browser session whose live hold on the team is turned into the
 * membership.
 */
async function insertAccount(
  ctx: TrackerContext,
  payload: CreateUserPayload,
  email: string,
  passwordHash: string,
  idempotency: { key: string; fingerprint: string } | null,
  holdOwner: string | undefined,
) {
  const { repos, database, trackerConfig: config } = ctx;
  const now = config.now();

  const result = await database.db.transaction(async (tx) => {
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
    const token = await makeLink(ctx, tx, ONE_USE_LINKS.emailConfirmation, {
      userId: user.id,
      expiresAt: new Date(now.getTime() + config.emailTokenTtlMs),
    });

    const placed = await placeSignUp(ctx, tx, user.id, payload.teamId, holdOwner, payload);
    const warning =
      placed.outcome === 'full' ? JOIN_REQUEST_WARNINGS.teamFull(placed.teamName) : undefined;

    await repos.outbox.enqueue(
      confirmationMail(ctx, {
        name: payload.name,
        email,
        token,
        intro:
          'Thank you for signing up with Accountability Partners. Please confirm your email address by opening this link:',
        after:
          placed.outcome === 'pending'
            ? `Your join request to Team ${oneLine(placed.teamName)} is waiting for the team. Watch for an approval email over the next ${JOIN_RESPONSE_DAYS} days.`
            : placed.outcome === 'unmatched'
              ? `We will choose a team for you and let you know within ${JOIN_RESPONSE_DAYS} days.`
              : 'We will be in touch about your team.',
      }),
      tx,
    );
    // Mail for the operators: who it is, what they want, and where to act, in words.
    const who = `${oneLine(payload.name)} (${email})`;
    const goal = `Their goal: "${oneLine(payload.goalSummary)}"`;
    if (config.adminEmail && placed.outcome === 'unmatched') {
      await repos.outbox.enqueue(
        {
          kind: 'join-request-unmatched',
          to: config.adminEmail,
          subject: `Place ${oneLine(payload.name)} on a team`,
          text: [
            `${who} signed up while the team list could not be reached, so no team was chosen for them.`,
            goal,
            '',
            `Place them on a team with an open seat within ${JOIN_RESPONSE_DAYS} days, then approve the request: ${config.publicUrl}/console?q=${encodeURIComponent(email)}`,
          ].join('\n'),
        },
        tx,
      );
    }
    if (warning && config.adminEmail) {
      await repos.outbox.enqueue(
        {
          kind: 'join-request-issue',
          to: config.adminEmail,
          subject: `No join request for ${oneLine(payload.name)}`,
          text: [
            `${who} signed up, but no join request was created: ${warning}`,
            goal,
            '',
            `Their account is there; the teams and their open seats: ${config.publicUrl}/console/teams`,
          ].join('\n'),
        },
        tx,
      );
    }
    const answer: {
      user: { id: number };
      joinRequestWarning?: string;
      joinRequestSuccess?: true;
      joinRequest?: { status: 'pending' | 'unmatched' };
    } = warning
      ? { user: { id: user.id }, joinRequestWarning: warning }
      : {
          user: { id: user.id },
          joinRequestSuccess: true,
          joinRequest: { status: placed.outcome === 'unmatched' ? 'unmatched' : 'pending' },
        };
    if (idempotency) {
      await repos.signupKeys.insert({ ...idempotency, userId: user.id, answer }, tx);
    }
    return answer;
  });

  ctx.mailer.kick();
  if (idempotency) {
    // Housekeeping only: a failure here leaves old keys for the next sign-up to remove.
    await repos.signupKeys
      .deleteOlderThan(new Date(now.getTime() - SIGNUP_KEY_TTL_MS))
      .catch(() => undefined);
  }
  return result;
}

/** The account confirmation email: a link to the site's confirmation page with a new token. */
function confirmationMail(
  ctx: TrackerContext,
  m: { name: string; email: string; token: string; intro: string; after: string },
): OutgoingMail {
  const config = ctx.trackerConfig;
  const link = `${config.siteUrl}/confirm-email?token=${encodeURIComponent(m.token)}`;
  const hours = Math.round(config.emailTokenTtlMs / 3_600_000);
  return {
    kind: 'email-confirmation',
    to: m.email,
    subject: 'Please confirm your email address',
    text: [
      `Hi ${oneLine(m.name)},`,
      '',
      m.intro,
      '',
      link,
      '',
      `The link works once and expires in ${hours} hours.`,
      m.after,
      '',
      'If you did not sign up, you can ignore this email.',
    ].join('\n'),
  };
}

/**
 * How often the confirmation email may go to one address: not again within a minute (a double
 * click, an impatient second try), and at most five a day, sign-up included. Past either limit
 * the request is answered as usual and nothing is sent, so the answer never tells whether an
 * account exists; the site limits requests per client on top of this.
 */
export const RESEND_LIMITS = { cooldownMs: 60_000, perDay: 5 } as const;

/**
 * Sends the account confirmation email again, with a new link (earlier links keep working until
 * they expire), when `email` belongs to an account that is not confirmed yet and the limits allow.
 * Answers the same for every address. Returns whether mail was queued (for tests and logs only).
 */
export async function resendConfirmation(ctx: TrackerContext, rawEmail: string) {
  const { repos, database, trackerConfig: config } = ctx;
  const email = rawEmail.trim();
  const queued = await database.db.transaction(async (tx) => {
    // The row lock makes concurrent resends for one account take turns, so the limits hold.
    const user = await repos.users.lockByEmail(email, tx);
    if (!user || user.emailConfirmedAt) return false;
    // Read the clock after the lock, as sign-ups do.
    const now = config.now();
    const recent = await repos.outbox.sentTo(
      'email-confirmation',
      email,
      new Date(now.getTime() - 24 * 3_600_000),
      tx,
    );
    if (recent.count >= RESEND_LIMITS.perDay) return false;
    if (recent.last && now.getTime() - recent.last.getTime() < RESEND_LIMITS.cooldownMs) {
      return false;
    }
    const token = await makeLink(ctx, tx, ONE_USE_LINKS.emailConfirmation, {
      userId: user.id,
      expiresAt: new Date(now.getTime() + config.emailTokenTtlMs),
    });
    await repos.outbox.enqueue(
      confirmationMail(ctx, {
        name: user.name,
        email,
        token,
        intro:
          'You asked for a new link to confirm your email address for Accountability Partners. Please open this link:',
        after: 'Earlier confirmation links keep working until they expire.',
      }),
      tx,
    );
    return true;
  });
  if (queued) ctx.mailer.kick();
  return { queued, answer: { message: MESSAGES.confirmationResent } };
}

export async function confirmEmail(ctx: TrackerContext, token: string) {
  await useLink(ctx, ONE_USE_LINKS.emailConfirmation, token, (link, tx, now) =>
    ctx.repos.users.confirmEmail(link.userId, now, tx),
  );
  return { status: 'confirmed' as const, message: 'Thank you! Your email address is confirmed.' };
}

const INVALID_CREDENTIALS = 'The email address or password is not right.';

/** A hash of no one's password, checked for an unknown address so both answers take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * Sign-in on the tracker: checks the password (through the same queue as sign-ups, as it costs a
 * hash too) and, when the stored hash is older than the current parameters (scrypt), replaces it
 * with an argon2id hash of the password just proven right.
 */
export async function signIn(
  ctx: TrackerContext,
  credentials: { email: string; password: string },
) {
  const user = await verifiedAccount(ctx, credentials);
  return { user: { id: user.id } };
}

/** The account whose email and password these are (see signIn), or 401. */
export async function verifiedAccount(
  ctx: TrackerContext,
  credentials: { email: string; password: string },
) {
  const { passwords } = ctx.signups;
  const user = await ctx.repos.users.findByEmail(credentials.email.trim());
  decoyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  const stored = user?.passwordHash ?? (await decoyHash);
  const valid = await passwords.verify(credentials.password, stored);
  if (!user || !valid) throw new HttpError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  if (passwords.needsRehash(user.passwordHash)) {
    await ctx.repos.users.setPasswordHash(user.id, await passwords.hash(credentials.password));
  }
  return user;
}
