import { createHash, randomBytes } from 'node:crypto';
import { QUIET_TEXTS } from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { EmailLinkPurpose } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { Repositories } from '../repositories/index.ts';
import type { TrackerContext } from './context.ts';

/*
 * Every mailed link that acts once without a sign-in: a check-in answer, an answer of the "we
 * miss you" mail, a link that sets a password (reset or a new operator's), an address
 * confirmation. A link is a random 256-bit token of which only the SHA-256 is stored; it works
 * until it expires and then once: it is marked used in the same transaction as what it does, so
 * an answer that fails leaves it usable and of two presses at once exactly one acts. Links that
 * may be pressed again (the mails' opt-outs) are not one-use and live in email-links.ts.
 */

/** SHA-256 of a token, the only form a token is kept in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new 256-bit token for a link, as it goes into a URL. */
export const newToken = () => randomBytes(32).toString('base64url');

/** The fields every one-use link's row has, whichever table keeps it. */
export interface LinkRow {
  id: number;
  userId: number;
  usedAt: Date | null;
  expiresAt: Date;
}

/** What making any link needs: whose it is and until when it works. */
interface NewLink {
  userId: number;
  expiresAt: Date;
}

/** What a link is at a moment. */
export type LinkState = 'ready' | 'used' | 'expired';

/** The one rule of a link's state: used first (a used link stays used), then expired. */
export function linkStateOf(link: LinkRow, now: Date): LinkState {
  if (link.usedAt !== null) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'ready';
}

/** What a refused link answers, by why. */
interface Refusals {
  notFound: string;
  used: string;
  expired: string;
}

/**
 * A kind of link: where its rows are kept and what it answers when refused. `Made` is what
 * making one needs besides the account and the expiry (a check-in link's answer and day).
 */
export interface LinkKind<Row extends LinkRow, Made> {
  insert(repos: Repositories, tx: Db, link: NewLink & Made & { tokenHash: string }): Promise<void>;
  find(repos: Repositories, tx: Db, tokenHash: string): Promise<Row | null>;
  /** Marks the link used at `now` if it is ready then, in one statement: the row, or null. */
  take(repos: Repositories, tx: Db, tokenHash: string, now: Date): Promise<Row | null>;
  refusals: Refusals;
}

type EmailLinkRow = NonNullable<Awaited<ReturnType<Repositories['emailLinks']['find']>>>;

/** A kind kept in email_links: one or more of its purposes. */
function emailLinkKind(
  purposes: readonly EmailLinkPurpose[],
  refusals: Refusals,
): LinkKind<EmailLinkRow, { purpose: EmailLinkPurpose; localDate: string | null }> {
  return {
    insert: ({ emailLinks }, tx, { userId, purpose, localDate, tokenHash, expiresAt }) =>
      emailLinks.insert({ userId, purpose, localDate, tokenHash, expiresAt }, tx),
    find: ({ emailLinks }, tx, hash) => emailLinks.find(hash, purposes, false, tx),
    take: ({ emailLinks }, tx, hash, now) => emailLinks.take(hash, purposes, now, tx),
    refusals,
  };
}

/** The kinds of one-use link the tracker mails. */
export const ONE_USE_LINKS = {
  /** Yes or Not today for one day, from a reminder; works until the day closes. */
  checkIn: emailLinkKind(['check-in-yes', 'check-in-no'], {
    notFound: 'This link is not valid. Open the newest reminder email.',
    used: 'This link was used already. You can change your answer on your home page.',
    expired: 'This link has expired. Check in on your home page instead.',
  }),
  /** One of the three answers of the "we miss you" mail. */
  quietAnswer: emailLinkKind(['quiet-back', 'quiet-pause', 'quiet-leave'], {
    notFound: QUIET_TEXTS.linkNotFound,
    used: QUIET_TEXTS.linkUsed,
    expired: QUIET_TEXTS.linkExpired,
  }),
  /** Sets the account's password: a reset, or a new operator's first password. */
  passwordSet: {
    insert: ({ passwordResets }, tx, { userId, tokenHash, expiresAt }) =>
      passwordResets.insert({ userId, tokenHash, expiresAt }, tx),
    find: ({ passwordResets }, tx, hash) => passwordResets.find(hash, tx),
    take: ({ passwordResets }, tx, hash, now) => passwordResets.take(hash, now, tx),
    refusals: {
      notFound: 'This link is not valid. Ask for a new one.',
      used: 'This link was used already. Ask for a new one.',
      expired: 'This link has expired. Ask for a new one.',
    },
  } satisfies LinkKind<LinkRow, object>,
  /** Confirms the account's address, from the sign-up mail or a resent one. */
  emailConfirmation: {
    insert: ({ emailTokens }, tx, { userId, tokenHash, expiresAt }) =>
      emailTokens.insert({ userId, tokenHash, expiresAt }, tx),
    find: ({ emailTokens }, tx, hash) => emailTokens.find(hash, tx),
    take: ({ emailTokens }, tx, hash, now) => emailTokens.take(hash, now, tx),
    refusals: {
      notFound: 'This confirmation link is not valid.',
      used: 'This confirmation link has already been used.',
      expired: 'This confirmation link has expired. Please contact us for a new one.',
    },
  } satisfies LinkKind<LinkRow, object>,
} as const;

const REFUSAL_CODES = {
  notFound: 'TOKEN_NOT_FOUND',
  used: 'TOKEN_USED',
  expired: 'TOKEN_EXPIRED',
} as const;

/** The error a link of `kind` answers when it is unknown, used or expired. */
export function linkRefusal<Row extends LinkRow, Made>(
  kind: LinkKind<Row, Made>,
  why: keyof Refusals,
) {
  return new HttpError(REFUSAL_CODES[why], kind.refusals[why]);
}

/** Makes a link of `kind` for `userId` working until `expiresAt`, in `tx`: its token. */
export async function makeLink<Row extends LinkRow, Made>(
  ctx: Pick<TrackerContext, 'repos'>,
  tx: Db,
  kind: LinkKind<Row, Made>,
  link: NewLink & Made,
): Promise<string> {
  const token = newToken();
  await kind.insert(ctx.repos, tx, { ...link, tokenHash: hashToken(token) });
  return token;
}

/**
 * A link of `kind` and its state at the tracker's now, changing nothing (a mail scanner may
 * open links); null when the token names no link of this kind.
 */
export async function findLink<Row extends LinkRow, Made>(
  ctx: Pick<TrackerContext, 'repos' | 'database' | 'trackerConfig'>,
  kind: LinkKind<Row, Made>,
  token: string,
): Promise<{ link: Row; state: LinkState } | null> {
  const link = await kind.find(ctx.repos, ctx.database.db, hashToken(token));
  if (link === null) return null;
  return { link, state: linkStateOf(link, ctx.trackerConfig.now()) };
}

/** As findLink, refusing a token that names no link of this kind. */
export async function checkLink<Row extends LinkRow, Made>(
  ctx: Pick<TrackerContext, 'repos' | 'database' | 'trackerConfig'>,
  kind: LinkKind<Row, Made>,
  token: string,
) {
  const found = await findLink(ctx, kind, token);
  if (found === null) throw linkRefusal(kind, 'notFound');
  return found;
}

/**
 * Uses a link of `kind` once: in one transaction it is marked used and `act` does what it
 * offers. An unknown, used or expired link is refused and nothing is done; when `act` throws,
 * the transaction is undone and the link is still ready. Of two uses at once, the second waits
 * for the first's transaction and is refused as used.
 */
export function useLink<Row extends LinkRow, Made, T>(
  ctx: Pick<TrackerContext, 'repos' | 'database' | 'trackerConfig'>,
  kind: LinkKind<Row, Made>,
  token: string,
  act: (link: Row, tx: Db, now: Date) => Promise<T>,
): Promise<T> {
  const now = ctx.trackerConfig.now();
  const tokenHash = hashToken(token);
  return ctx.database.db.transaction(async (tx) => {
    const link = await kind.take(ctx.repos, tx, tokenHash, now);
    if (link === null) {
      const row = await kind.find(ctx.repos, tx, tokenHash);
      throw linkRefusal(
        kind,
        row === null ? 'notFound' : linkStateOf(row, now) === 'used' ? 'used' : 'expired',
      );
    }
    return act(link, tx, now);
  });
}
