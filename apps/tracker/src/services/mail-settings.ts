import {
  MAIL_KINDS,
  MAIL_TEXTS,
  type MailKind,
  type MailSettings,
  UNSUBSCRIBE_PAGE,
  unsubscribedMessage,
} from '@app/contracts';
import type { EmailLinkPurpose } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { mailSettingsRepository } from '../repositories/mail-settings.ts';
import type { TrackerContext } from './context.ts';
import { LINK_EXPIRED, LINK_NOT_FOUND, linkOf, linkUrl, newLink } from './email-links.ts';

/*
 * The four kinds of mail a member can stop and start again (MAIL_KINDS): each is on or off in
 * its own settings row, which its schedule or sender reads, and every mail of a kind carries a
 * one-click unsubscribe link (RFC 8058) for that kind only. The link's token is a random 256-bit
 * one kept as its SHA-256 (email-links.ts), for one member and one kind: it names neither the
 * address nor the account, and pressing it again changes nothing more.
 */

/** How long a mail's unsubscribe link works. */
export const UNSUBSCRIBE_LINK_MS = 90 * 86_400_000;

/** The link purpose that stops each kind (reminders and recaps keep their first names). */
const PURPOSES: Record<MailKind, EmailLinkPurpose> = {
  reminders: 'unsubscribe',
  recaps: 'recap-unsubscribe',
  digest: 'digest-unsubscribe',
  nudges: 'nudge-unsubscribe',
};
const UNSUBSCRIBE_PURPOSES = MAIL_KINDS.map((kind) => PURPOSES[kind]);
const kindOf = (purpose: EmailLinkPurpose) =>
  MAIL_KINDS.find((kind) => PURPOSES[kind] === purpose) ?? 'reminders';

/** Which kinds of mail the member gets. */
export function mailSettingsOf(
  ctx: TrackerContext,
  userId: number,
  tx: Db = ctx.database.db,
): Promise<MailSettings> {
  return mailSettingsRepository(tx).of(userId);
}

/** Turns one kind on or off for the member, in `tx`. */
export function setMailKindIn(tx: Db, userId: number, kind: MailKind, enabled: boolean) {
  return mailSettingsRepository(tx).set(userId, kind, enabled);
}

/** Turns one kind on or off from the Reminders page: the member's settings after it. */
export async function setMailKind(
  ctx: TrackerContext,
  userId: number,
  { kind, enabled }: { kind: MailKind; enabled: boolean },
): Promise<MailSettings> {
  return ctx.database.db.transaction(async (tx) => {
    await setMailKindIn(tx, userId, kind, enabled);
    return mailSettingsOf(ctx, userId, tx);
  });
}

/** Those of `userIds` who turned nudges off. */
export function nudgesOff(tx: Db, userIds: readonly number[]): Promise<Set<number>> {
  return mailSettingsRepository(tx).nudgesOff(userIds);
}

/**
 * A new unsubscribe link for one mail of `kind` to the member, made in the mail's transaction:
 * the page's URL (the body's off-link and the List-Unsubscribe header's URL are the same) and the
 * headers of RFC 2369 and RFC 8058.
 */
export async function unsubscribeLink(ctx: TrackerContext, tx: Db, userId: number, kind: MailKind) {
  const now = ctx.trackerConfig.now();
  const token = await newLink(
    tx,
    userId,
    PURPOSES[kind],
    null,
    new Date(now.getTime() + UNSUBSCRIBE_LINK_MS),
  );
  const url = linkUrl(ctx.trackerConfig.publicUrl, UNSUBSCRIBE_PAGE, token);
  return {
    url,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The unsubscribe link a token names, refused when unknown or expired. */
async function liveLink(ctx: TrackerContext, tx: Db, token: string, lock: boolean) {
  const link = await linkOf(tx, token, UNSUBSCRIBE_PURPOSES, {
    lock,
    notFound: () => LINK_NOT_FOUND(MAIL_TEXTS.linkNotFound),
  });
  if (link.expiresAt.getTime() <= ctx.trackerConfig.now().getTime()) {
    throw LINK_EXPIRED(MAIL_TEXTS.linkExpired);
  }
  return link;
}

/** Which kind an unsubscribe link stops, changing nothing (mail scanners open links). */
export async function readUnsubscribeLink(ctx: TrackerContext, token: string) {
  const link = await liveLink(ctx, ctx.database.db, token, false);
  return { kind: kindOf(link.purpose) };
}

/**
 * Stops the kind of mail an unsubscribe link names, with no sign-in (RFC 8058: the mail client
 * posts it). The link is not used up: pressing it again changes nothing and answers the same.
 */
export async function unsubscribe(ctx: TrackerContext, token: string) {
  const now = ctx.trackerConfig.now();
  const kind = await ctx.database.db.transaction(async (tx) => {
    const link = await liveLink(ctx, tx, token, true);
    const kind = kindOf(link.purpose);
    await setMailKindIn(tx, link.userId, kind, false);
    // The first press is kept for the record; later ones find it set.
    if (link.usedAt === null) await ctx.repos.emailLinks.markUsed(link.id, now, tx);
    return kind;
  });
  return { message: unsubscribedMessage(kind) };
}
