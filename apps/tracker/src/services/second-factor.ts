/** An operator's second factor: the authenticator app's codes (TOTP) and the recovery codes. */
import { randomBytes } from 'node:crypto';
import { oneLine, type SecondFactorState } from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import * as OTPAuth from 'otpauth';
import type { Db } from '../db/types.ts';
import { secondFactorsRepository } from '../repositories/second-factors.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';
import { confirmedAccount } from './members.ts';
import { hashToken } from './one-use-links.ts';
import { lockOperators } from './operators.ts';

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Accountability Partners';
const PERIOD = 30;

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
  const factor = await ctx.repos.secondFactors.confirmedAt(user.id);
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
  const factors = ctx.repos.secondFactors;
  const existing = await factors.get(userId);
  if (existing?.confirmedAt != null) throw ENROLLED();
  let secret = existing?.totpSecret;
  if (secret === undefined) {
    secret = new OTPAuth.Secret({ size: 20 }).base32;
    await factors.start(userId, secret);
    const row = await factors.get(userId);
    if (row === null) throw notFound('Second factor');
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
    const factor = await ctx.repos.secondFactors.get(userId, tx, true);
    if (factor === null) {
      throw new HttpError('NOT_FOUND', 'Start setting up your authenticator app first.');
    }
    if (factor.confirmedAt !== null) throw ENROLLED();
    const step = stepOf(factor.totpSecret, code.trim(), now);
    if (step === null) throw INVALID_CODE();
    await ctx.repos.secondFactors.confirm(userId, now, step, tx);
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAction(tx, userId, 'second-factor.enrolled', `user:${userId}`, null, {
      confirmedAt: now.toISOString(),
    });
    return { recoveryCodes: codes };
  });
}

/** Ten new recovery codes in place of every earlier one (used or not): only their SHA-256 stays. */
async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await secondFactorsRepository(tx).replaceRecoveryCodes(
    userId,
    codes.map((c) => hashToken(normalCode(c))),
  );
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
    const factor = await ctx.repos.secondFactors.confirmedAt(userId, tx, true);
    if (factor?.confirmedAt == null) throw notSetUp('Your authenticator app');
    const left = await ctx.repos.secondFactors.unusedRecoveryCodes(userId, tx);
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAction(
      tx,
      userId,
      'second-factor.recovery-codes',
      `user:${userId}`,
      { unusedCodes: left },
      { unusedCodes: codes.length },
    );
    return { recoveryCodes: codes };
  });
}

const notSetUp = (whose: string) =>
  new HttpError('SECOND_FACTOR_NOT_SET_UP', `${whose} is not set up yet.`);

/**
 * Another operator's authenticator app, reset (a lost phone): their second factor, recovery
 * codes and passkeys go and their sessions end, so their next sign-in sets an app up again; they are mailed
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
    const factor = await ctx.repos.secondFactors.confirmedAt(targetId, tx);
    if (factor?.confirmedAt == null) throw notSetUp(`${target.name}’s authenticator app`);
    await ctx.repos.secondFactors.deleteForUser(targetId, tx);
    // Their passkeys go too: a lost phone may hold one.
    const passkeys = await ctx.repos.passkeys.removeAll(targetId, tx);
    await ctx.repos.memberSessions.deleteForUser(targetId, null, tx);
    await recordAction(
      tx,
      operatorId,
      'second-factor.reset',
      `user:${targetId}`,
      { authenticator: 'set up', passkeys, email: target.email },
      { authenticator: 'not set up', passkeys: 0, email: target.email },
    );
    await ctx.repos.outbox.enqueue(
      {
        kind: 'second-factor-reset',
        to: target.email,
        subject: 'Your authenticator app for the tracker was reset',
        text: [
          `Hi ${oneLine(target.name)},`,
          '',
          passkeys > 0
            ? `${oneLine(by.name)} reset your authenticator app for the Accountability Partners operators’ console and removed your passkeys, and you were signed out everywhere.`
            : `${oneLine(by.name)} reset your authenticator app for the Accountability Partners operators’ console, and you were signed out everywhere.`,
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
  const factors = ctx.repos.secondFactors;
  const factor = await factors.get(userId);
  if (factor?.confirmedAt == null) throw INVALID_CODE();
  const code = rawCode.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(factor.totpSecret, code, now);
    if (step === null) throw INVALID_CODE();
    if (!(await factors.takeStep(userId, step))) throw INVALID_CODE();
    return 'totp' as const;
  }
  if (!(await factors.useRecoveryCode(userId, hashToken(normalCode(code)), now))) {
    throw INVALID_CODE();
  }
  return 'recovery' as const;
}
