import {
  CHECK_IN_MESSAGES,
  localDay,
  PAUSES_PER_QUARTER,
  type PauseAnswer,
  pauseUntil,
  quarterOf,
  shiftDay,
} from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import { pausesRepository } from '../repositories/pauses.ts';
import type { TrackerContext } from './context.ts';
import { guardMembership } from './membership.ts';
import { pauseOn, pausesOf } from './pause-days.ts';
import { memberOnTeam, memberTimeZone } from './teammates.ts';

/** Whether `day` (on the member's calendar) is in one of their pauses. */
export async function pausedOn(tx: Db, userId: number, day: string) {
  return (await pausesRepository(tx).anyOn(userId, day)) !== null;
}

/**
 * Those of `userIds` who have started PAUSES_PER_QUARTER pauses in the quarter `today` is in, so
 * may start no more in it.
 */
export async function startsThisQuarter(
  ctx: TrackerContext,
  tx: Db,
  userIds: readonly number[],
  today: string,
): Promise<Set<number>> {
  const { first, last } = quarterOf(today);
  const counts = await ctx.repos.pauses.startsBetween([...userIds], first, last, tx);
  return new Set([...counts].filter(([, n]) => n >= PAUSES_PER_QUARTER).map(([id]) => id));
}

const notOnTeam = () => new HttpError('NOT_FOUND', CHECK_IN_MESSAGES.notOnTeam);

/** '2026-11-15' -> 'Sunday, November 15', as the member's messages say a day. */
export const dayInWords = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/**
 * Pauses the member's check-ins for `weeks` weeks from their today (on the tracker's clock, in
 * their zone). Their seat is kept. A second pause while one goes on is refused, and so is one past
 * PAUSES_PER_QUARTER started this quarter; the account's row is locked first, so two at once make
 * one.
 */
export function startPause(
  ctx: TrackerContext,
  userId: number,
  weeks: number,
): Promise<PauseAnswer> {
  return ctx.database.db.transaction((tx) => startPauseIn(ctx, tx, userId, weeks));
}

/** startPause in the caller's transaction `tx`. */
export async function startPauseIn(
  ctx: TrackerContext,
  tx: Db,
  userId: number,
  weeks: number,
): Promise<PauseAnswer> {
  await ctx.repos.users.lock(userId, tx);
  const member = await memberOnTeam(ctx, userId, tx);
  if (member === null) throw notOnTeam();
  const today = localDay(ctx.trackerConfig.now(), memberTimeZone(member.user));
  const current = pauseOn((await pausesOf(ctx, [userId], tx)).get(userId), today);
  const pausedAlready = () =>
    new HttpError(
      'PAUSED_ALREADY',
      CHECK_IN_MESSAGES.pausedAlready(dayInWords(current?.until ?? today)),
    );
  await guardMembership(ctx, tx, userId, 'pause.start', (state) =>
    state === 'paused' ? pausedAlready() : notOnTeam(),
  );
  if (current !== null) throw pausedAlready();
  const quarter = quarterOf(today);
  if ((await startsThisQuarter(ctx, tx, [userId], today)).has(userId)) {
    throw new HttpError(
      'PAUSE_LIMIT',
      CHECK_IN_MESSAGES.pauseLimit(dayInWords(shiftDay(quarter.last, 1))),
    );
  }
  const until = pauseUntil(today, weeks);
  await ctx.repos.pauses.insert(
    { userId, firstDay: today, lastDay: until, createdAt: ctx.trackerConfig.now() },
    tx,
  );
  return { pause: { from: today, until } };
}

/**
 * Ends the member's pause going on now: from today their days count again (a pause begun today
 * is taken back whole). With no pause going on, nothing changes.
 */
export async function endPause(ctx: TrackerContext, userId: number): Promise<PauseAnswer> {
  return ctx.database.db.transaction(async (tx) => {
    await ctx.repos.users.lock(userId, tx);
    const member = await memberOnTeam(ctx, userId, tx);
    if (member === null) throw notOnTeam();
    const today = localDay(ctx.trackerConfig.now(), memberTimeZone(member.user));
    const current = await ctx.repos.pauses.on(userId, today, tx);
    // Not paused, ending a pause changes nothing: answered as done, as a second press would be.
    if (current === null) return { pause: null };
    await guardMembership(ctx, tx, userId, 'pause.resume', notOnTeam);
    if (current.firstDay === today) await ctx.repos.pauses.delete(current.id, tx);
    else await ctx.repos.pauses.setLastDay(current.id, shiftDay(today, -1), tx);
    return { pause: null };
  });
}
