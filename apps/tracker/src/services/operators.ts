import { randomBytes } from 'node:crypto';
import {
  type AuditPage,
  type AuditQuery,
  answerByOf,
  JOIN_RESPONSE_DAYS,
  type JoinRequestQueue,
  oneLine,
  type QueueQuery,
  type SecondFactorState,
} from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { holdAdvisoryLock } from '../db/locks.ts';
import {
  auditLog,
  joinRequests,
  memberSessions,
  passwordResets,
  recoveryCodes,
  secondFactors,
  teams,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../password.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';
import { confirmedAccount, issuePasswordLink } from './members.ts';
import { areaId, containing } from './search.ts';
import { hashToken } from './users.ts';

/** How long the link in a new operator's mail works. */
export const OPERATOR_LINK_MS = 24 * 3_600_000;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Accountability Partners';
const PERIOD = 30;

const DAY_MS = 86_400_000;

/**
 * Makes the account with this address an operator: a new account (with an unusable random
 * password) or an existing one promoted. Either way a mail with a link to set the password is
 * queued in the same transaction. Returns the account's id and whether it was new.
 */
export async function addOperator(ctx: TrackerContext, rawEmail: string, name?: string) {
  const unusable = await unusablePassword();
  const result = await ctx.database.db.transaction((tx) =>
    makeOperator(ctx, tx, rawEmail, unusable, name),
  );
  ctx.mailer.kick();
  return result;
}

// Nobody knows this password: the operator sets their own from the mailed link.
const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

/** Locks every operator's row until the transaction ends: changes to who operates wait in line. */
async function lockOperators(tx: Db) {
  // The advisory lock also covers the moment there is no operator row to lock yet.
  await holdAdvisoryLock(tx, 'operators');
  return tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, 'operator'))
    .orderBy(asc(users.id))
    .for('update');
}

/** addOperator's work inside a transaction: the account and its set-password mail, together. */
async function makeOperator(
  ctx: TrackerContext,
  tx: Db,
  rawEmail: string,
  unusable: string,
  name?: string,
) {
  const email = rawEmail.trim();
  let user = await ctx.repos.users.findByEmail(email, tx);
  const created = user === null;
  const before = user === null ? null : { role: user.role };
  if (user === null) {
    user = await ctx.repos.users.insert(
      {
        email,
        name: name?.trim() || email.split('@')[0] || email,
        passwordHash: unusable,
        role: 'operator',
        // The link proves the address, as a confirmation link would.
        emailConfirmedAt: null,
      },
      tx,
    );
  } else {
    await tx.update(users).set({ role: 'operator' }).where(eq(users.id, user.id));
  }
  const link = await issuePasswordLink(ctx, tx, user.id, OPERATOR_LINK_MS);
  await ctx.repos.outbox.enqueue(
    {
      kind: 'operator-added',
      to: user.email,
      subject: 'You are an operator of the tracker',
      text: [
        `Hi ${oneLine(user.name)},`,
        '',
        created
          ? 'An operator account of the Accountability Partners tracker was made for this address.'
          : 'Your Accountability Partners account can now use the operators’ console.',
        'Set your password with this link (it works for 24 hours and once):',
        '',
        link,
        '',
        'After signing in you will set up an authenticator app: the console asks for its code at every sign-in.',
      ].join('\n'),
    },
    tx,
  );
  return { id: user.id, email: user.email, name: user.name, created, before };
}

/**
 * The first operator, from ADMIN_EMAIL at start-up: made (or an existing account promoted) and
 * mailed exactly as the command line does, but only while no operator exists. Restarts find one
 * and do nothing; trackers starting together take the operators' lock one after the other.
 * Answers what was done, or null.
 */
export async function ensureFirstOperator(ctx: TrackerContext, email: string) {
  const unusable = await unusablePassword();
  const made = await ctx.database.db.transaction(async (tx) => {
    if ((await lockOperators(tx)).length > 0) return null;
    return makeOperator(ctx, tx, email, unusable);
  });
  if (made) ctx.mailer.kick();
  return made;
}

const alreadyOperator = (email: string) =>
  new HttpError('ALREADY_OPERATOR', `${email} is an operator already.`, [
    { path: 'email', message: 'This address is an operator already' },
  ]);

/**
 * An operator invites someone by address: a new operator account, or an existing account
 * promoted, mailed a link to set the password (as the command line does), with its audit line.
 */
export async function inviteOperator(
  ctx: TrackerContext,
  operatorId: number,
  form: { email: string; name?: string | undefined },
) {
  const unusable = await unusablePassword();
  const made = await ctx.database.db.transaction(async (tx) => {
    const operators = await lockOperators(tx);
    const email = form.email.trim().toLowerCase();
    if (operators.some((o) => o.email.toLowerCase() === email)) throw alreadyOperator(form.email);
    const made = await makeOperator(ctx, tx, form.email, unusable, form.name);
    await recordAction(tx, operatorId, 'operator.invited', `user:${made.id}`, made.before, {
      role: 'operator',
      email: made.email,
    });
    return made;
  });
  ctx.mailer.kick();
  return made;
}

/**
 * Takes the operator role from an account (it stays, as a member's), with its second factor and
 * its sessions, so the console closes for it at once. Never the operator's own (someone else
 * must do it) and never the last one; both are checked with every operator's row locked, so two
 * operators removing each other at once leave one.
 */
export async function removeOperator(ctx: TrackerContext, operatorId: number, targetId: number) {
  return ctx.database.db.transaction(async (tx) => {
    const operators = await lockOperators(tx);
    if (!operators.some((o) => o.id === operatorId)) {
      throw new HttpError('OPERATOR_REQUIRED', 'Only operators can use the console.');
    }
    const target = operators.find((o) => o.id === targetId);
    if (target === undefined) throw notFound('Operator');
    if (targetId === operatorId) {
      throw new HttpError(
        'OPERATOR_SELF_REMOVAL',
        'You cannot remove yourself: another operator has to do it.',
      );
    }
    if (operators.length <= 1) {
      throw new HttpError('LAST_OPERATOR', 'The last operator cannot be removed.');
    }
    await tx.update(users).set({ role: 'member' }).where(eq(users.id, targetId));
    await tx.delete(secondFactors).where(eq(secondFactors.userId, targetId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, targetId));
    await tx.delete(memberSessions).where(eq(memberSessions.userId, targetId));
    // Their links end too: an unused set-password or reset link would sign them in again.
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, targetId), isNull(passwordResets.usedAt)));
    await recordAction(
      tx,
      operatorId,
      'operator.removed',
      `user:${targetId}`,
      { role: 'operator', email: target.email },
      { role: 'member', email: target.email },
    );
  });
}

/** Every operator, oldest first: whether their authenticator is set up, and which is the caller. */
export async function operatorList(ctx: TrackerContext, operatorId: number) {
  const rows = await ctx.database.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      confirmedAt: secondFactors.confirmedAt,
    })
    .from(users)
    .leftJoin(secondFactors, eq(secondFactors.userId, users.id))
    .where(eq(users.role, 'operator'))
    .orderBy(asc(users.id));
  return {
    operators: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      authenticator: row.confirmedAt !== null,
      you: row.id === operatorId,
    })),
  };
}

function totpOf(secret: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** Where the session stands on the second factor (see SecondFactorState). */
export async function secondFactorState(
  ctx: TrackerContext,
  user: { id: number; role: string },
  passed: boolean,
): Promise<SecondFactorState> {
  if (user.role !== 'operator') return 'none';
  const [factor] = await ctx.database.db
    .select({ confirmedAt: secondFactors.confirmedAt })
    .from(secondFactors)
    .where(eq(secondFactors.userId, user.id));
  if (factor?.confirmedAt == null) return 'enrol';
  return passed ? 'passed' : 'required';
}

const ENROLLED = () =>
  new HttpError('SECOND_FACTOR_ENROLLED', 'Your authenticator app is set up already.');
const INVALID_CODE = () =>
  new HttpError('INVALID_CODE', 'The code is not right. Try the newest code from your app.', [
    { path: 'code', message: 'The code is not right' },
  ]);

/**
 * The secret to set an authenticator up with: the same one until a code confirms it, so loading
 * the page again shows what the app already has. Refused once a factor is confirmed.
 */
export async function startEnrolment(ctx: TrackerContext, userId: number) {
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  const { db } = ctx.database;
  const [existing] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  if (existing?.confirmedAt != null) throw ENROLLED();
  let secret = existing?.totpSecret;
  if (secret === undefined) {
    secret = new OTPAuth.Secret({ size: 20 }).base32;
    await db.insert(secondFactors).values({ userId, totpSecret: secret }).onConflictDoNothing();
    const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
    if (row === undefined) throw notFound('Second factor');
    secret = row.totpSecret;
  }
  return { uri: totpOf(secret, user.email).toString(), secret };
}

/** The time step a 6-digit code is right for at `now`, one step either side allowed; or null. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret, 'check');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** A recovery code as typed (any case, spaces or dashes) in the one form that was hashed. */
const normalCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function newRecoveryCode(): string {
  // 80 random bits in base32, read in groups of four.
  const raw = new OTPAuth.Secret({ buffer: randomBytes(10).buffer }).base32.toLowerCase();
  return raw.match(/.{4}/g)?.join('-') ?? raw;
}

/**
 * Confirms the pending secret with a code from the app: the factor is on from now, and the 10
 * recovery codes are answered this once (only their SHA-256 is kept).
 */
export async function confirmEnrolment(ctx: TrackerContext, userId: number, code: string) {
  const now = ctx.trackerConfig.now();
  return ctx.database.db.transaction(async (tx) => {
    const [factor] = await tx
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, userId))
      .for('update');
    if (factor === undefined) {
      throw new HttpError('NOT_FOUND', 'Start setting up your authenticator app first.');
    }
    if (factor.confirmedAt !== null) throw ENROLLED();
    const step = stepOf(factor.totpSecret, code.trim(), now);
    if (step === null) throw INVALID_CODE();
    await tx
      .update(secondFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(eq(secondFactors.userId, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAction(tx, userId, 'second-factor.enrolled', `user:${userId}`, null, {
      confirmedAt: now.toISOString(),
    });
    return { recoveryCodes: codes };
  });
}

/** Ten new recovery codes in place of every earlier one (used or not): only their SHA-256 stays. */
async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashToken(normalCode(c)) })));
  return codes;
}

/**
 * New recovery codes for the operator's own authenticator, once their password is given again (a
 * console left open is not enough): the earlier codes stop working in the same transaction, and
 * the new ten are answered this once.
 */
export async function renewRecoveryCodes(ctx: TrackerContext, userId: number, password: string) {
  await confirmedAccount(ctx, userId, password, 'password');
  return ctx.database.db.transaction(async (tx) => {
    const [factor] = await tx
      .select({ confirmedAt: secondFactors.confirmedAt })
      .from(secondFactors)
      .where(eq(secondFactors.userId, userId))
      .for('update');
    if (factor?.confirmedAt == null) throw notSetUp('Your authenticator app');
    const [left] = await tx
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAction(
      tx,
      userId,
      'second-factor.recovery-codes',
      `user:${userId}`,
      { unusedCodes: left?.n ?? 0 },
      { unusedCodes: codes.length },
    );
    return { recoveryCodes: codes };
  });
}

const notSetUp = (whose: string) =>
  new HttpError('SECOND_FACTOR_NOT_SET_UP', `${whose} is not set up yet.`);

/**
 * Another operator's authenticator app, reset (a lost phone): their second factor and recovery
 * codes go and their sessions end, so their next sign-in sets an app up again; they are mailed
 * about it in the same transaction. Never the operator's own (someone else must do it), only an
 * operator's, and only one that is set up; checked with every operator's row locked.
 */
export async function resetSecondFactor(ctx: TrackerContext, operatorId: number, targetId: number) {
  await ctx.database.db.transaction(async (tx) => {
    const operators = await lockOperators(tx);
    const by = operators.find((o) => o.id === operatorId);
    if (by === undefined) {
      throw new HttpError('OPERATOR_REQUIRED', 'Only operators can use the console.');
    }
    const target = operators.find((o) => o.id === targetId);
    if (target === undefined) throw notFound('Operator');
    if (targetId === operatorId) {
      throw new HttpError(
        'SECOND_FACTOR_SELF_RESET',
        'You cannot reset your own authenticator app: another operator has to do it. To replace your recovery codes, make new ones.',
      );
    }
    const [factor] = await tx
      .select({ confirmedAt: secondFactors.confirmedAt })
      .from(secondFactors)
      .where(eq(secondFactors.userId, targetId));
    if (factor?.confirmedAt == null) throw notSetUp(`${target.name}’s authenticator app`);
    await tx.delete(secondFactors).where(eq(secondFactors.userId, targetId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, targetId));
    await tx.delete(memberSessions).where(eq(memberSessions.userId, targetId));
    await recordAction(
      tx,
      operatorId,
      'second-factor.reset',
      `user:${targetId}`,
      { authenticator: 'set up', email: target.email },
      { authenticator: 'not set up', email: target.email },
    );
    await ctx.repos.outbox.enqueue(
      {
        kind: 'second-factor-reset',
        to: target.email,
        subject: 'Your authenticator app for the tracker was reset',
        text: [
          `Hi ${oneLine(target.name)},`,
          '',
          `${oneLine(by.name)} reset your authenticator app for the Accountability Partners operators’ console, and you were signed out everywhere.`,
          'At your next sign-in the console asks you to set an authenticator app up again, and gives you new recovery codes.',
          '',
          `If you did not ask for this, tell ${oneLine(by.name)} (${by.email}) or another operator at once.`,
        ].join('\n'),
      },
      tx,
    );
  });
  ctx.mailer.kick();
}

/**
 * Checks a code at sign-in: a 6-digit authenticator code (each time step once, so a code seen
 * over a shoulder does not sign in again), or an unused recovery code, used up by this.
 * Throws INVALID_CODE otherwise.
 */
export async function verifySecondFactor(ctx: TrackerContext, userId: number, rawCode: string) {
  const now = ctx.trackerConfig.now();
  const { db } = ctx.database;
  const [factor] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  if (factor?.confirmedAt == null) throw INVALID_CODE();
  const code = rawCode.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(factor.totpSecret, code, now);
    if (step === null) throw INVALID_CODE();
    const taken = await db
      .update(secondFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(secondFactors.userId, userId),
          or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
        ),
      )
      .returning({ userId: secondFactors.userId });
    if (taken.length === 0) throw INVALID_CODE();
    return 'totp' as const;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(normalCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) throw INVALID_CODE();
  return 'recovery' as const;
}

const OPEN = ['pending', 'unmatched'] as const;

/** Join requests waiting for an operator, oldest first, with their team's open seats. */
export async function joinRequestQueue(
  ctx: TrackerContext,
  page: QueueQuery,
  operatorId?: number,
): Promise<JoinRequestQueue> {
  const { db } = ctx.database;
  const now = ctx.trackerConfig.now();
  const search = containing(page.q);
  // Overdue exactly when answerBy (sentAt plus JOIN_RESPONSE_DAYS) is not after now.
  const dueBefore = new Date(now.getTime() - JOIN_RESPONSE_DAYS * DAY_MS);
  const open = and(
    inArray(joinRequests.status, [...OPEN]),
    search === null ? undefined : or(ilike(users.name, search), ilike(users.email, search)),
    page.area === undefined
      ? undefined
      : inArray(
          joinRequests.teamId,
          db
            .select({ id: teams.id })
            .from(teams)
            .where(eq(teams.focusAreaId, areaId(page.area))),
        ),
    page.overdue === undefined
      ? undefined
      : page.overdue === 'true'
        ? lte(joinRequests.createdAt, dueBefore)
        : gt(joinRequests.createdAt, dueBefore),
  );
  const [total] = await db
    .select({ n: count() })
    .from(joinRequests)
    .innerJoin(users, eq(joinRequests.userId, users.id))
    .where(open);
  const rows = await db
    .select({ request: joinRequests, user: users })
    .from(joinRequests)
    .innerJoin(users, eq(joinRequests.userId, users.id))
    .where(open)
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  // Only the teams on this page: every team's members would be read for nothing.
  const teamIds = new Set(
    rows.flatMap(({ request }) => (request.teamId === null ? [] : [request.teamId])),
  );
  const seats = await ctx.repos.teams.seatsOf([...teamIds], now);
  return {
    items: rows.map(({ request, user }) => {
      const answerBy = answerByOf(request.createdAt);
      const left = answerBy.getTime() - now.getTime();
      const team = request.teamId === null ? undefined : seats.get(request.teamId);
      return {
        id: request.id,
        status: request.status as (typeof OPEN)[number],
        applicant: { id: user.id, name: user.name, goal: user.goalSummary },
        team: team ? { id: team.id, name: team.name, openSeats: team.openSeats } : null,
        sentAt: request.createdAt.toISOString(),
        answerBy: answerBy.toISOString(),
        daysLeft: Math.min(JOIN_RESPONSE_DAYS, Math.max(0, Math.ceil(left / DAY_MS))),
        overdue: left <= 0,
      };
    }),
    total: total?.n ?? 0,
    limit: page.limit,
    offset: page.offset,
    recent: operatorId === undefined ? [] : await recentDecisions(ctx, operatorId),
  };
}

/** The operator's approvals and declines that can still be undone, newest first. */
async function recentDecisions(ctx: TrackerContext, operatorId: number) {
  const window = ctx.trackerConfig.decisionUndoMs;
  if (window <= 0) return [];
  const now = ctx.trackerConfig.now();
  const rows = await ctx.database.db
    .select({
      id: joinRequests.id,
      status: joinRequests.status,
      decidedAt: joinRequests.decidedAt,
      name: users.name,
    })
    .from(joinRequests)
    .innerJoin(users, eq(joinRequests.userId, users.id))
    .where(
      and(
        inArray(joinRequests.status, ['approved', 'declined']),
        gte(joinRequests.decidedAt, new Date(now.getTime() - window)),
        sql`exists (select 1 from ${auditLog} where ${auditLog.operatorId} = ${operatorId}
          and ${auditLog.target} = 'join-request:' || ${joinRequests.id}
          and ${auditLog.action} in ('join-request.approved', 'join-request.declined'))`,
      ),
    )
    .orderBy(desc(joinRequests.decidedAt), desc(joinRequests.id))
    .limit(10);
  return rows.flatMap((row) =>
    row.decidedAt === null || (row.status !== 'approved' && row.status !== 'declined')
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            status: row.status,
            undoUntil: new Date(row.decidedAt.getTime() + window).toISOString(),
          },
        ],
  );
}

/**
 * The audit targets of a page in words: `user:7` and `join-request:3` by the person's name,
 * `team:2` by the team's. Other targets (info calls, feedback) keep their record's id.
 */
async function targetNames(ctx: TrackerContext, targets: readonly string[]) {
  const { db } = ctx.database;
  const idsOf = (kind: string) =>
    targets.flatMap((target) => {
      const [k, id] = target.split(':');
      return k === kind && id && /^\d+$/.test(id) ? [Number(id)] : [];
    });
  const userIds = idsOf('user');
  const requestIds = idsOf('join-request');
  const teamIds = idsOf('team');
  const [people, requests, teamRows] = await Promise.all([
    userIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
    requestIds.length === 0
      ? []
      : db
          .select({ id: joinRequests.id, name: users.name })
          .from(joinRequests)
          .innerJoin(users, eq(joinRequests.userId, users.id))
          .where(inArray(joinRequests.id, requestIds)),
    teamIds.length === 0
      ? []
      : db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)),
  ]);
  return new Map<string, string>([
    ...people.map((p) => [`user:${p.id}`, p.name] as const),
    ...requests.map((r) => [`join-request:${r.id}`, r.name] as const),
    ...teamRows.map((t) => [`team:${t.id}`, `Team ${t.name}`] as const),
  ]);
}

/**
 * Whether an audit line's operator, or the person or team it is about, has a name holding the
 * pattern: the same names the console shows for it (targetNames above). Each kind of name is
 * looked up once, as a set of operator ids or of targets (`user:7`, `join-request:3`, `team:2`)
 * the log's lines are checked against, rather than once per line.
 */
function auditNamed(ctx: TrackerContext, pattern: string) {
  const { db } = ctx.database;
  const named = ilike(users.name, pattern);
  return or(
    inArray(auditLog.operatorId, db.select({ id: users.id }).from(users).where(named)),
    inArray(
      auditLog.target,
      db
        .select({ target: sql<string>`'user:' || ${users.id}` })
        .from(users)
        .where(named),
    ),
    inArray(
      auditLog.target,
      db
        .select({ target: sql<string>`'join-request:' || ${joinRequests.id}` })
        .from(joinRequests)
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(named),
    ),
    inArray(
      auditLog.target,
      db
        .select({ target: sql<string>`'team:' || ${teams.id}` })
        .from(teams)
        .where(ilike(teams.name, pattern)),
    ),
  );
}

/**
 * An operator filter names an account (an operator now, or one who was): any other id is a 400 in
 * words, as an unknown action is.
 */
async function refuseUnknownAccount(ctx: TrackerContext, id: number) {
  const [account] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, id));
  if (account === undefined) {
    throw new HttpError(
      'VALIDATION_ERROR',
      'Choose one of the operators: no account has this id.',
      [{ path: 'operator', message: 'Choose one of the operators' }],
    );
  }
}

/** The audit log, newest first: one action's lines, or those naming what was searched for. */
export async function auditPage(ctx: TrackerContext, page: AuditQuery): Promise<AuditPage> {
  const { db } = ctx.database;
  const pattern = containing(page.q);
  if (page.operator !== undefined) await refuseUnknownAccount(ctx, page.operator);
  const match = and(
    page.action === undefined ? undefined : eq(auditLog.action, page.action),
    page.operator === undefined ? undefined : eq(auditLog.operatorId, page.operator),
    pattern === null ? undefined : auditNamed(ctx, pattern),
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(match);
  const rows = await db
    .select({ entry: auditLog, name: users.name })
    .from(auditLog)
    .leftJoin(users, eq(auditLog.operatorId, users.id))
    .where(match)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const names = await targetNames(
    ctx,
    rows.map(({ entry }) => entry.target),
  );
  return {
    items: rows.map(({ entry, name }) => ({
      id: entry.id,
      operator: { id: entry.operatorId, name },
      action: entry.action,
      target: entry.target,
      targetName: names.get(entry.target) ?? null,
      before: entry.before,
      after: entry.after,
      at: entry.at.toISOString(),
    })),
    total: total?.n ?? 0,
    limit: page.limit,
    offset: page.offset,
  };
}
