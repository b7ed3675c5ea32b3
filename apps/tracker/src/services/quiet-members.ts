import {
  type FreedSeat,
  listedAsQuiet,
  localDay,
  missesYou,
  oneLine,
  QUIET_TEXTS,
  type QuietAction,
  type QuietLink,
  type QuietMember,
  quietSpellOf,
} from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import type { EmailLinkPurpose } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { recordAction } from './audit.ts';
import { findATeamUrl, type TrackerContext } from './context.ts';
import { linkUrl } from './email-links.ts';
import { type MemberDays, memberDaysOf } from './member-days.ts';
import { leaveTeamIn } from './members.ts';
import { guardMembership } from './membership.ts';
import { checkLink, makeLink, ONE_USE_LINKS, useLink } from './one-use-links.ts';
import { dayInWords, startPauseIn } from './pauses.ts';
import { memberTimeZone } from './teammates.ts';

/** How long the answers of a "we miss you" mail work. */
export const QUIET_LINK_MS = 30 * 86_400_000;

const ACTIONS: Record<QuietAction, EmailLinkPurpose> = {
  back: 'quiet-back',
  pause: 'quiet-pause',
  leave: 'quiet-leave',
};
const actionOf = (purpose: EmailLinkPurpose): QuietAction =>
  purpose === 'quiet-pause' ? 'pause' : purpose === 'quiet-leave' ? 'leave' : 'back';

async function teamNames(ctx: TrackerContext, tx: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await ctx.repos.teams.namesOf([...ids], tx);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Queues the "we miss you" mail with its three one-tap answers, in `tx`. */
async function queueMissYou(ctx: TrackerContext, tx: Db, member: MemberDays, team: string) {
  const now = ctx.trackerConfig.now();
  const base = ctx.trackerConfig.publicUrl;
  const expires = new Date(now.getTime() + QUIET_LINK_MS);
  const link = async (action: QuietAction) =>
    linkUrl(
      base,
      '/we-miss-you',
      await makeLink(ctx, tx, ONE_USE_LINKS.quietAnswer, {
        userId: member.user.id,
        purpose: ACTIONS[action],
        localDate: null,
        expiresAt: expires,
      }),
    );
  await ctx.repos.outbox.enqueue(
    {
      kind: 'quiet-member',
      to: member.user.email,
      subject: `${QUIET_TEXTS.missYou} on Team ${oneLine(team)}`,
      text: [
        `Hi ${oneLine(member.user.name)},`,
        '',
        `${QUIET_TEXTS.missYou}. Your team has not heard from you for a few check-in days, and that is all right: life happens. One tap tells us where you stand.`,
        '',
        `${QUIET_TEXTS.back}: ${await link('back')}`,
        `${QUIET_TEXTS.pause}: ${await link('pause')}`,
        `${QUIET_TEXTS.leave}: ${await link('leave')}`,
        '',
        'Each link opens a page where one press gives your answer.',
      ].join('\n'),
    },
    tx,
  );
}

/**
 * One pass of the quiet members' schedule at the tracker's now: every Active member not paused
 * today whose quiet spell (contracts quietSpellOf) has reached QUIET_RULES.missYouAfter missed
 * check-in days gets the "we miss you" mail once per spell. The quiet_spells row (unique on the
 * member and the spell's first day) is inserted in the transaction that queues the mail, so a
 * second tracker's pass, or a retry, mails nothing. Returns how many were mailed.
 */
export async function runQuietMembers(ctx: TrackerContext): Promise<number> {
  const now = ctx.trackerConfig.now();
  const due = (await memberDaysOf(ctx, undefined, now)).flatMap((member) => {
    if (member.pausedToday) return [];
    const spell = quietSpellOf(member.input);
    return missesYou(spell.days) && spell.since !== null ? [{ member, since: spell.since }] : [];
  });
  if (due.length === 0) return 0;
  const names = await teamNames(
    ctx,
    ctx.database.db,
    due.map((d) => d.member.teamId),
  );
  let mailed = 0;
  for (const { member, since } of due) {
    const made = await ctx.database.db.transaction(async (tx) => {
      const made = await ctx.repos.quietSpells.insert(
        { userId: member.user.id, firstDay: since, createdAt: now },
        tx,
      );
      if (!made) return false;
      await queueMissYou(ctx, tx, member, names.get(member.teamId) ?? '');
      return true;
    });
    if (made) mailed++;
  }
  if (mailed > 0) ctx.mailer.kick();
  return mailed;
}

/** The last "we miss you" mail or operator's note to each address (lower case). */
async function lastContacts(ctx: TrackerContext, tx: Db, addresses: readonly string[]) {
  const contacts = new Map<string, QuietMember['lastContact']>();
  if (addresses.length === 0) return contacts;
  const rows = await ctx.repos.outbox.latestTo(
    ['quiet-member', 'quiet-message'],
    [...addresses],
    tx,
  );
  for (const row of rows) {
    const key = row.to.toLowerCase();
    if (contacts.has(key)) continue;
    contacts.set(key, {
      at: row.at.toISOString(),
      what: row.kind === 'quiet-member' ? 'we-miss-you' : 'note',
    });
  }
  return contacts;
}

/**
 * The console's Quiet members page: Active members not paused today whose quiet spell has reached
 * QUIET_RULES.consoleAfter check-in days, the longest first, with their last answer and the last
 * time we wrote to them.
 */
export async function quietMembers(
  ctx: TrackerContext,
  tx: Db = ctx.database.db,
  which?: Parameters<typeof memberDaysOf>[1],
): Promise<QuietMember[]> {
  const listed = (await memberDaysOf(ctx, which, ctx.trackerConfig.now(), tx)).flatMap((m) => {
    const spell = quietSpellOf(m.input);
    return !m.pausedToday && listedAsQuiet(spell.days) && spell.since !== null
      ? [{ m, days: spell.days, since: spell.since }]
      : [];
  });
  const names = await teamNames(
    ctx,
    tx,
    listed.map((l) => l.m.teamId),
  );
  const contacts = await lastContacts(
    ctx,
    tx,
    listed.map((l) => l.m.user.email),
  );
  return listed
    .map(({ m, days, since }) => ({
      id: m.user.id,
      name: m.user.name,
      email: m.user.email,
      team: { id: m.teamId, name: names.get(m.teamId) ?? '' },
      quietDays: days,
      since,
      lastAnswer: m.lastAnswer,
      lastContact: contacts.get(m.user.email.toLowerCase()) ?? null,
    }))
    .sort((a, b) => b.quietDays - a.quietDays || a.id - b.id);
}

/** The member `userId` when they are listed as quiet now; else 409 NOT_QUIET (404: no one). */
async function quietOne(ctx: TrackerContext, tx: Db, userId: number) {
  const [listed] = await quietMembers(ctx, tx, { userId });
  if (listed !== undefined) return listed;
  const user = await ctx.repos.users.get(userId, tx);
  if (user === null || user.role !== 'member') throw notFound('Member');
  throw new HttpError('NOT_QUIET', QUIET_TEXTS.notQuiet(user.name));
}

/** An operator's note to a quiet member, mailed through the outbox and written to the audit log. */
export async function writeQuietMember(
  ctx: TrackerContext,
  operatorId: number,
  userId: number,
  message: string,
) {
  const name = await ctx.database.db.transaction(async (tx) => {
    const member = await quietOne(ctx, tx, userId);
    await ctx.repos.outbox.enqueue(
      {
        kind: 'quiet-message',
        to: member.email,
        subject: `A note from Accountability Partners about Team ${oneLine(member.team.name)}`,
        text: [
          `Hi ${oneLine(member.name)},`,
          '',
          message,
          '',
          `Check in, pause or leave on your home page: ${ctx.trackerConfig.publicUrl}/`,
        ].join('\n'),
      },
      tx,
    );
    await recordAction(tx, operatorId, 'quiet-member.noted', `user:${userId}`, null, {
      quietDays: member.quietDays,
    });
    return member.name;
  });
  ctx.mailer.kick();
  return { message: `Your note to ${name} is on its way.` };
}

/**
 * Frees a quiet member's seat: their membership ends (they are mailed, in words, and can choose a
 * team again), and the seat goes at once to the oldest join request waiting for a team (an
 * unmatched one, as the queue's placement does it: a Pending membership, the request waiting for
 * the team's approval). The team is locked first, as every seat change locks it.
 */
export async function freeQuietSeat(
  ctx: TrackerContext,
  operatorId: number,
  userId: number,
): Promise<FreedSeat> {
  const { repos } = ctx;
  const freed = await ctx.database.db.transaction(async (tx) => {
    const seen = await quietOne(ctx, tx, userId);
    const team = await repos.teams.lock(seen.team.id, tx);
    // Read again under the team's lock: an answer or a pause since makes them not quiet.
    const member = await quietOne(ctx, tx, userId);
    await guardMembership(
      ctx,
      tx,
      userId,
      'seat.free',
      () => new HttpError('NOT_QUIET', QUIET_TEXTS.notQuiet(member.name)),
    );
    const place = await repos.members.activeMembershipOn(userId, member.team.id, tx);
    if (team === null || place === null) throw notFound('Member');
    await repos.teams.setMembershipStatus(place.id, 'Inactive', tx);
    await repos.outbox.enqueue(
      {
        kind: 'seat-freed',
        to: member.email,
        subject: `Your seat on Team ${oneLine(team.name)}`,
        text: [
          `Hi ${oneLine(member.name)},`,
          '',
          `We have not heard from you for ${member.quietDays} check-in days, so we have given your seat on Team ${oneLine(team.name)} to someone who is waiting for one. Your account stays.`,
          '',
          `Whenever you want a team again, sign in and find one: ${findATeamUrl(ctx)}`,
        ].join('\n'),
      },
      tx,
    );
    const now = ctx.trackerConfig.now();
    let placed: FreedSeat['placed'] = null;
    if ((await repos.teams.takenSeats(team.id, now, tx)) < team.capacity) {
      const next = await repos.joinRequests.nextUnmatchedFor(team.id, tx);
      if (next !== null) {
        const membership = await repos.teams.addMembership(
          { teamId: team.id, userId: next.userId, status: 'Pending' },
          tx,
        );
        await repos.joinRequests.place(next.id, team.id, membership.id, tx);
        await recordAction(
          tx,
          operatorId,
          'join-request.placed',
          `join-request:${next.id}`,
          { status: 'unmatched', teamId: null, declineReason: null },
          { status: 'pending', teamId: team.id, declineReason: null },
        );
        placed = { joinRequestId: next.id, name: next.name };
      }
    }
    await recordAction(
      tx,
      operatorId,
      'quiet-member.seat-freed',
      `user:${userId}`,
      { teamId: team.id, status: 'Active', quietDays: member.quietDays },
      { teamId: team.id, status: 'Inactive', placedJoinRequest: placed?.joinRequestId ?? null },
      now,
    );
    return { id: userId, placed };
  });
  ctx.mailer.kick();
  return freed;
}

/** What a "we miss you" link would do, without doing it (a mail scanner may open links). */
export async function readQuietLink(ctx: TrackerContext, token: string): Promise<QuietLink> {
  const { link, state } = await checkLink(ctx, ONE_USE_LINKS.quietAnswer, token);
  const place = await ctx.repos.members.activePlace(link.userId);
  return { action: actionOf(link.purpose), team: place?.team ?? null, state };
}

/**
 * Gives the answer a "we miss you" link carries, once (useLink): I'm back ends the member's
 * quiet spell on their today without answering it (contracts quietSpellOf), Pause me for a week
 * pauses them for a week, Leave the team takes them off it. An answer refused (off the team,
 * paused already) leaves the link usable.
 */
export async function useQuietLink(ctx: TrackerContext, token: string) {
  const message = await useLink(ctx, ONE_USE_LINKS.quietAnswer, token, (link, tx) =>
    answer(ctx, tx, link.userId, actionOf(link.purpose)),
  );
  ctx.mailer.kick();
  return { message };
}

async function answer(ctx: TrackerContext, tx: Db, userId: number, action: QuietAction) {
  const place = await ctx.repos.members.placeAndZone(userId, tx);
  if (place === null) throw new HttpError('NOT_FOUND', QUIET_TEXTS.notOnTeam);
  if (action === 'leave') {
    await leaveTeamIn(ctx, tx, userId);
    return QUIET_TEXTS.leaveDone(place.team);
  }
  if (action === 'pause') {
    const { pause } = await startPauseIn(ctx, tx, userId, 1);
    return QUIET_TEXTS.pauseDone(dayInWords(pause?.until ?? ''));
  }
  // Back ends the quiet spell without answering for them: the home asks today's question as usual.
  const today = localDay(ctx.trackerConfig.now(), memberTimeZone({ timeZone: place.zone }));
  await ctx.repos.quietSpells.markBack(userId, today, tx);
  return QUIET_TEXTS.backDone;
}
