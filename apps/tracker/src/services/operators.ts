import { randomBytes } from 'node:crypto';
import { oneLine } from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import { holdAdvisoryLock } from '../db/locks.ts';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../password.ts';
import { usersRepository } from '../repositories/users.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';
import { issuePasswordLink } from './members.ts';

/** How long the link in a new operator's mail works. */
export const OPERATOR_LINK_MS = 24 * 3_600_000;

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
export async function lockOperators(tx: Db) {
  // The advisory lock also covers the moment there is no operator row to lock yet.
  await holdAdvisoryLock(tx, 'operators');
  return usersRepository(tx).lockOperators(tx);
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
    await ctx.repos.users.setRole(user.id, 'operator', tx);
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
 * Takes the operator role from an account (it stays, as a member's), with its second factor, its
 * passkeys and its sessions, so the console closes for it at once. Never the operator's own
 * (someone else must do it) and never the last one; both are checked with every operator's row locked, so two
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
    const { repos } = ctx;
    await repos.users.setRole(targetId, 'member', tx);
    await repos.secondFactors.deleteForUser(targetId, tx);
    await repos.passkeys.removeAll(targetId, tx);
    await repos.memberSessions.deleteForUser(targetId, null, tx);
    // Their links end too: an unused set-password or reset link would sign them in again.
    await repos.passwordResets.deleteUnused(targetId, tx);
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
  const operators = await ctx.repos.users.operators();
  return {
    operators: operators.map((operator) => ({ ...operator, you: operator.id === operatorId })),
  };
}
