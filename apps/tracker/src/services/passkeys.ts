/**
 * Passkeys (WebAuthn) of members and operators: adding one (a discoverable credential bound to
 * the tracker's origin), signing in with one, naming and removing them. Every challenge is kept
 * on the database, used once and only for PASSKEY_CHALLENGE_MS; the origin and RP ID are those of
 * TRACKER_PUBLIC_URL; a counter that goes back (a cloned key) is refused.
 */
import { randomBytes } from 'node:crypto';
import { oneLine, type Passkey, type PasskeyCredential } from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db } from '../db/types.ts';
import type { ChallengePurpose, PasskeyRow } from '../repositories/passkeys.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';

/** How long a challenge answers: the browser's prompt waits as long. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'Accountability Partners';

/** Whose passkeys: a member's (the profile page) or an operator's (the console, mailed). */
export type PasskeyOwner = 'member' | 'operator';

/** The relying party: the tracker's public origin, and its host name as the RP ID. */
export function relyingParty(ctx: TrackerContext) {
  const url = new URL(ctx.trackerConfig.publicUrl);
  return { origin: url.origin, rpID: url.hostname };
}

export const INVALID_PASSKEY = () =>
  new HttpError(
    'INVALID_PASSKEY',
    'That passkey was not accepted. Try again, or sign in with your password.',
  );
const NOT_ADDED = (message = 'The passkey was not added. Try again.') =>
  new HttpError('PASSKEY_NOT_ADDED', message);

export function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The challenge a credential's clientDataJSON answers; null when it cannot be read. */
function challengeOf(credential: PasskeyCredential): string | null {
  const data = credential.response.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const challenge = decodeClientDataJSON(data).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/** Keeps a new challenge for PASSKEY_CHALLENGE_MS; those that expired go. */
async function keepChallenge(
  ctx: TrackerContext,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  userHandle: string | null = null,
) {
  const now = ctx.trackerConfig.now();
  await ctx.repos.passkeys.dropExpired(now);
  await ctx.repos.passkeys.saveChallenge({
    challenge,
    purpose,
    userId,
    userHandle,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS),
  });
}

/** The options to make a passkey for the account: discoverable, user verification required. */
export async function registrationOptions(ctx: TrackerContext, userId: number) {
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  const existing = await ctx.repos.passkeys.forUser(userId);
  const { rpID } = relyingParty(ctx);
  // One handle for every key of the account, so a device asked again replaces its own.
  const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(randomBytes(32));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: isoBase64URL.toBuffer(userHandle),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MS,
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(ctx, options.challenge, 'register', userId, userHandle);
  return { options: options as unknown as Record<string, unknown> };
}

/** A default name: the passkey's number among the account's. */
const defaultName = (count: number) => `Passkey ${count + 1}`;

/**
 * Checks the browser's new credential against the account's challenge (taken for good) and keeps
 * the key: audited; an operator is mailed about it.
 */
export async function registerPasskey(
  ctx: TrackerContext,
  userId: number,
  body: { credential: PasskeyCredential; name?: string | undefined },
  owner: PasskeyOwner,
) {
  const challenge = challengeOf(body.credential);
  if (challenge === null) throw NOT_ADDED();
  const now = ctx.trackerConfig.now();
  const taken = await ctx.repos.passkeys.takeChallenge(challenge, 'register', userId, now);
  if (taken?.userHandle == null) {
    throw NOT_ADDED('That took too long or was already used. Start adding the passkey again.');
  }
  const { origin, rpID } = relyingParty(ctx);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const verified = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verified.verified) throw NOT_ADDED();
    info = verified.registrationInfo;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw NOT_ADDED();
  }
  if (info === undefined) throw NOT_ADDED();
  const { credential } = info;
  if ((await ctx.repos.passkeys.byCredentialId(credential.id)) !== null) {
    throw NOT_ADDED('This passkey is added already.');
  }
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  const row = await ctx.database.db.transaction(async (tx) => {
    const existing = await ctx.repos.passkeys.forUser(userId, tx);
    const name = body.name?.trim() || defaultName(existing.length);
    const made = await ctx.repos.passkeys.insert(
      {
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        userHandle: taken.userHandle ?? '',
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: now,
      },
      tx,
    );
    await recordAction(tx, userId, 'passkey.registered', `user:${userId}`, null, {
      passkey: made.id,
      name,
    });
    if (owner === 'operator') {
      await mailOperator(ctx, tx, user, 'passkey-added', name);
    }
    return made;
  });
  if (owner === 'operator') ctx.mailer.kick();
  return passkeyOf(row);
}

async function mailOperator(
  ctx: TrackerContext,
  tx: Db,
  user: { email: string; name: string },
  kind: 'passkey-added' | 'passkey-removed',
  name: string,
) {
  const added = kind === 'passkey-added';
  await ctx.repos.outbox.enqueue(
    {
      kind,
      to: user.email,
      subject: added
        ? 'A passkey was added to your operator account'
        : 'A passkey was removed from your operator account',
      text: [
        `Hi ${oneLine(user.name)},`,
        '',
        added
          ? `The passkey “${oneLine(name)}” was added to your account for the Accountability Partners operators’ console. It signs you in without a password or a code.`
          : `The passkey “${oneLine(name)}” was removed from your account for the Accountability Partners operators’ console. It no longer signs you in.`,
        '',
        'If you did not do this, tell another operator at once: they can reset your authenticator app and passkeys.',
      ].join('\n'),
    },
    tx,
  );
}

export async function listPasskeys(ctx: TrackerContext, userId: number) {
  const rows = await ctx.repos.passkeys.forUser(userId);
  return { passkeys: rows.map(passkeyOf) };
}

export async function renamePasskey(ctx: TrackerContext, userId: number, id: number, name: string) {
  const row = await ctx.repos.passkeys.rename(userId, id, name.trim());
  if (row === null) throw notFound('Passkey');
  return passkeyOf(row);
}

/** Removes one of the account's own passkeys: audited; an operator is mailed about it. */
export async function removePasskey(
  ctx: TrackerContext,
  userId: number,
  id: number,
  owner: PasskeyOwner,
) {
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  await ctx.database.db.transaction(async (tx) => {
    const row = await ctx.repos.passkeys.remove(userId, id, tx);
    if (row === null) throw notFound('Passkey');
    await recordAction(
      tx,
      userId,
      'passkey.removed',
      `user:${userId}`,
      { passkey: row.id, name: row.name },
      null,
    );
    if (owner === 'operator') await mailOperator(ctx, tx, user, 'passkey-removed', row.name);
  });
  if (owner === 'operator') ctx.mailer.kick();
}

/**
 * The options to sign in with a passkey: no key is named (the browser offers the tracker's
 * discoverable ones), user verification required. `userId`'s keys only, for an operator's second
 * factor after the password.
 */
export async function authenticationOptions(ctx: TrackerContext, userId: number | null) {
  const { rpID } = relyingParty(ctx);
  const keys = userId === null ? [] : await ctx.repos.passkeys.forUser(userId);
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: 'required',
    allowCredentials: keys.map((key) => ({
      id: key.credentialId,
      transports: key.transports as AuthenticatorTransport[],
    })),
  });
  await keepChallenge(
    ctx,
    options.challenge,
    userId === null ? 'sign-in' : 'second-factor',
    userId,
  );
  return { options: options as unknown as Record<string, unknown>, challenge: options.challenge };
}

/**
 * Checks a passkey's answer to a challenge (taken for good first, so it answers once): the key
 * must be known (and `userId`'s, for a second factor), signed on the tracker's origin with user
 * verification, and its counter must not go back. Answers the key's account id; INVALID_PASSKEY
 * otherwise.
 */
export async function verifyPasskey(
  ctx: TrackerContext,
  credential: PasskeyCredential,
  userId: number | null,
  expected?: { challenge: string | undefined },
) {
  const challenge = challengeOf(credential);
  if (challenge === null) throw INVALID_PASSKEY();
  if (expected !== undefined && expected.challenge !== challenge) throw INVALID_PASSKEY();
  const now = ctx.trackerConfig.now();
  const purpose = userId === null ? 'sign-in' : 'second-factor';
  const taken = await ctx.repos.passkeys.takeChallenge(challenge, purpose, userId, now);
  if (taken === null) throw INVALID_PASSKEY();
  const key = await ctx.repos.passkeys.byCredentialId(credential.id);
  if (key === null || (userId !== null && key.userId !== userId)) throw INVALID_PASSKEY();
  const response = credential as unknown as AuthenticationResponseJSON;
  const handle = response.response?.userHandle;
  if (handle != null && handle !== key.userHandle) throw INVALID_PASSKEY();
  const { origin, rpID } = relyingParty(ctx);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransport[],
      },
    });
    if (!verified.verified) throw INVALID_PASSKEY();
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw INVALID_PASSKEY();
  }
  if (!(await ctx.repos.passkeys.used(key.id, key.counter, newCounter, now))) {
    throw INVALID_PASSKEY();
  }
  return key.userId;
}
