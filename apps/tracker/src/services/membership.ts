/**
 * A person's membership as `@app/membership`'s statechart sees it: the facts read from the rows,
 * the state derived from them, and the machine's answer to whether an event may happen. The
 * services that change a membership ask `guardMembership` first, inside their transaction, and
 * carry the change out themselves; nothing here writes.
 */
import { listedAsQuiet, type MemberStanding, missesYou } from '@app/contracts';
import {
  allows,
  type MembershipEvent,
  type MembershipEventType,
  type MembershipFacts,
  type MembershipState,
  memberOffers,
  membershipStateOf,
} from '@app/membership';
import type { HttpError } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import type { TrackerContext } from './context.ts';
import { type MemberReads, memberDaysOf, quietSpellOfMember } from './member-days.ts';

/** The newest audit line freeing `userId`'s seat or giving it back, or null. */
export const lastSeatLine = (ctx: TrackerContext, tx: Db, userId: number) =>
  ctx.repos.auditLog.lastOf(
    ['quiet-member.seat-freed', 'quiet-member.seat-restored'],
    `user:${userId}`,
    tx,
  );

/**
 * What the rows say about `userId`'s membership at the tracker's now; `reads` (outside a
 * transaction) shares their account, days and latest request with the rest of an answer.
 */
export async function membershipFacts(
  ctx: TrackerContext,
  userId: number,
  tx: Db = ctx.database.db,
  reads?: MemberReads,
): Promise<MembershipFacts> {
  const { repos } = ctx;
  const now = ctx.trackerConfig.now();
  const [account, days, latest, placeEnded, seatLine] = await Promise.all([
    reads === undefined
      ? repos.users.exists(userId, tx)
      : reads.account().then((account) => account !== null),
    reads?.days() ?? memberDaysOf(ctx, { userId }, now, tx),
    reads?.latestRequest() ?? repos.joinRequests.latestOf(userId, tx),
    reads === undefined
      ? repos.members.hadPlace(userId, tx)
      : reads.home().then((home) => home?.hadPlace ?? false),
    reads === undefined
      ? lastSeatLine(ctx, tx, userId)
      : reads.home().then((home) => home?.seatLine ?? null),
  ]);
  // A freed seat given back (its undo) is as if it had never been freed.
  const seatFreedAt = seatLine?.action === 'quiet-member.seat-freed' ? seatLine.at : null;
  const [onTeam] = days;
  let place: MembershipFacts['place'] = null;
  if (onTeam !== undefined) {
    const spell = quietSpellOfMember(onTeam);
    const quiet =
      spell.since === null
        ? 'none'
        : listedAsQuiet(spell.days)
          ? 'listed'
          : missesYou(spell.days)
            ? 'missed'
            : 'none';
    place = { pausedToday: onTeam.pausedToday, quiet };
  }
  return {
    account,
    place,
    latestRequest:
      latest === null
        ? null
        : { status: latest.request.status, decidedAt: latest.request.decidedAt },
    placeEnded,
    seatFreedAt,
    undoWindowMs: ctx.trackerConfig.decisionUndoMs,
    now,
  };
}

export async function membershipOf(
  ctx: TrackerContext,
  userId: number,
  tx: Db = ctx.database.db,
): Promise<MembershipState> {
  return membershipStateOf(await membershipFacts(ctx, userId, tx));
}

/** Where the member stands and what the machine lets them do: the home's `standing`. */
export async function standingOf(
  ctx: TrackerContext,
  userId: number,
  reads?: MemberReads,
): Promise<MemberStanding> {
  const state = membershipStateOf(await membershipFacts(ctx, userId, ctx.database.db, reads));
  return { state, offers: memberOffers(state) };
}

/**
 * Asks the membership machine whether `event` may happen to `userId` now; when it may not, throws
 * what `refuse` makes of the state they are in (the service's own clear error). Call it inside the
 * change's transaction, after the locks the change takes, so the state read is the one changed.
 */
export async function guardMembership(
  ctx: TrackerContext,
  tx: Db,
  userId: number,
  event: MembershipEvent | MembershipEventType,
  refuse: (state: MembershipState) => HttpError | Promise<HttpError>,
): Promise<MembershipState> {
  const state = await membershipOf(ctx, userId, tx);
  if (!allows(state, event)) throw await refuse(state);
  return state;
}
