import {
  CHECK_IN_GRACE_HOUR,
  type FreedSeat,
  listedAsQuiet,
  localDay,
  missesYou,
  oneLine,
  openDays,
  type PageQuery,
  parseDay,
  QUIET_RULES,
  QUIET_TEXTS,
  type QuietAction,
  type QuietLink,
  type QuietMember,
  type RestoredSeat,
  type SeatHeir,
  shiftDay,
  weekdayOf,
  zonedInstant,
} from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import type { EmailLinkPurpose } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { QuietCursor } from '../repositories/members.ts';
import type { QuietListing } from '../repositories/quiet-listings.ts';
import { yieldToLoop } from '../schedule.ts';
import { recordAction } from './audit.ts';
import { findATeamUrl, type TrackerContext } from './context.ts';
import { linkUrl } from './email-links.ts';
import { unplaceIn } from './join-requests.ts';
import { nudgesOff, unsubscribeLink } from './mail-settings.ts';
import {
  daysOfMembers,
  type MemberDays,
  memberDaysOf,
  quietSpellOfMember,
  schedulePace,
} from './member-days.ts';
import { leaveTeamIn } from './members.ts';
import { guardMembership, lastSeatLine } from './membership.ts';
import { checkLink, makeLink, ONE_USE_LINKS, useLink } from './one-use-links.ts';
import { dayInWords, startPauseIn, startsThisQuarter } from './pauses.ts';
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
  const stop = await unsubscribeLink(ctx, tx, member.user.id, 'nudges');
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
        '',
        `Stop emails like this one: ${stop.url}`,
      ].join('\n'),
      headers: stop.headers,
    },
    tx,
  );
}

/**
 * Members read at a time by the quiet members' schedule: each batch's days are read one statement
 * at a time and judged in one stretch of JavaScript, so a small batch keeps the event loop's
 * turns short.
 */
const QUIET_BATCH = 20;
/** How long one pass of the schedule works before it leaves the rest to the next pass. */
const QUIET_PASS_MS = 10_000;
/** Where a pass that ran out of time stopped, per tracker. */
const resumeAt = new WeakMap<TrackerContext, QuietCursor>();

/**
 * The first day whose answer rules a member out of a quiet spell of `days` missed check-in days:
 * such a spell needs `days` days after the last answer, up to the member's today, which is at most
 * a day ahead of UTC's.
 */
const answeredFromFor = (now: Date, days: number) => shiftDay(localDay(now, 'UTC'), 2 - days);

/**
 * The members who could be quiet, `QUIET_BATCH` at a time after `after`, with their days from
 * their last answer on: the SQL (through last_answers' index) rules out those who answered lately
 * (and, `unmailed`, those mailed for their spell); the day rules decide the rest.
 */
async function quietBatch(
  ctx: TrackerContext,
  tx: Db,
  now: Date,
  page: { after: QuietCursor | null; answeredFrom: string; unmailed: boolean },
) {
  const rows = await ctx.repos.members.quietCandidates({ ...page, limit: QUIET_BATCH }, tx);
  await yieldToLoop();
  return {
    next: rows.at(-1)?.at ?? null,
    members: await daysOfMembers(ctx, rows, now, 'quiet', tx, schedulePace(ctx)),
  };
}

/**
 * One pass of the quiet members' schedule at the tracker's now: every Active member not paused
 * today, who has not turned nudges off, whose quiet spell (contracts quietSpellOf) has reached QUIET_RULES.missYouAfter missed
 * check-in days gets the "we miss you" mail once per spell. The quiet_spells row (unique on the
 * member and the spell's first day) is inserted in the transaction that queues the mail, so a
 * second tracker's pass, or a retry, mails nothing. Only members without an answer in the last
 * days and not mailed since their last answer are read, in batches, giving the event loop a turn
 * between them; a pass longer than QUIET_PASS_MS leaves the rest to the next. Returns how many
 * were mailed.
 */
export async function runQuietMembers(ctx: TrackerContext): Promise<number> {
  const now = ctx.trackerConfig.now();
  const started = performance.now();
  // The console's kept spells first, half the pass at most: the page finds them worked out.
  await refreshQuietListings(ctx, { skipLocked: true, budgetMs: QUIET_PASS_MS / 2 });
  const answeredFrom = answeredFromFor(now, QUIET_RULES.missYouAfter);
  let after: QuietCursor | null = resumeAt.get(ctx) ?? null;
  let mailed = 0;
  for (;;) {
    const batch = await quietBatch(ctx, ctx.database.db, now, {
      after,
      answeredFrom,
      unmailed: true,
    });
    if (batch.next === null) {
      after = null;
      break;
    }
    after = batch.next;
    // Members who turned nudges off are not mailed; their quiet spell still shows on the console.
    const off = await nudgesOff(
      ctx.database.db,
      batch.members.map((m) => m.user.id),
    );
    await yieldToLoop();
    const due = batch.members.flatMap((member) => {
      if (member.pausedToday || off.has(member.user.id)) return [];
      const spell = quietSpellOfMember(member);
      return missesYou(spell.days) && spell.since !== null ? [{ member, since: spell.since }] : [];
    });
    const names = await teamNames(
      ctx,
      ctx.database.db,
      due.map((d) => d.member.teamId),
    );
    await yieldToLoop();
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
      // A turn for the event loop after each mail: its transaction has ended.
      await yieldToLoop();
    }
    await yieldToLoop();
    if (performance.now() - started > QUIET_PASS_MS) break;
  }
  if (after === null) resumeAt.delete(ctx);
  else resumeAt.set(ctx, after);
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

/** A member listed on the console's Quiet members page, with their spell. */
interface Listed {
  user: MemberDays['user'];
  teamId: number;
  lastAnswer: string | null;
  days: number;
  since: string;
}

/** Those of `members` paused today who started PAUSES_PER_QUARTER pauses this quarter. */
async function pausedPastLimit(ctx: TrackerContext, tx: Db, members: readonly MemberDays[]) {
  const byToday = new Map<string, number[]>();
  for (const m of members) {
    if (m.pausedToday) byToday.set(m.today, [...(byToday.get(m.today) ?? []), m.user.id]);
  }
  const over = new Set<number>();
  for (const [today, ids] of byToday) {
    for (const id of await startsThisQuarter(ctx, tx, ids, today)) over.add(id);
  }
  return over;
}

/**
 * Whether `m` is listed on the console's Quiet members page, and with which spell. A member
 * paused past their quarter's pauses (`over`) holds a seat as a quiet one does: their paused days
 * count as missed.
 */
function standing(m: MemberDays, over: boolean) {
  const spell = quietSpellOfMember(over ? { ...m, input: { ...m.input, paused: undefined } } : m);
  const listed = (over || !m.pausedToday) && listedAsQuiet(spell.days) && spell.since !== null;
  return { ...spell, listed };
}

function listing(m: MemberDays, over: boolean): Listed[] {
  const { days, since, listed } = standing(m, over);
  return listed && since !== null
    ? [{ user: m.user, teamId: m.teamId, lastAnswer: m.lastAnswer, days, since }]
    : [];
}

/**
 * The first moment the clock alone could change what `m`'s kept spell says (standing): a day of
 * theirs closing (noon of the next day) or a new day starting (midnight), on their clock. A member
 * not listed, not paused and with no paused day in what was read is listed at the earliest when
 * enough more of their check-in days close unanswered to make QUIET_RULES.consoleAfter: their row
 * holds until then.
 */
function freshUntil(m: MemberDays, now: Date, days: number, listed: boolean): Date {
  const open = openDays(now, m.timeZone);
  const next = Math.min(...open.map((d) => d.closesAt.getTime()));
  const more = QUIET_RULES.consoleAfter - days;
  if (listed || m.pausedToday || (m.input.paused?.size ?? 0) > 0 || more <= 0) {
    return new Date(next);
  }
  let day = open.map((d) => d.day).sort()[0] ?? m.today;
  for (let seen = 0, i = 0; i < 400; i++, day = shiftDay(day, 1)) {
    if (day < m.input.from || !m.input.weekdays.includes(weekdayOf(day))) continue;
    seen += 1;
    if (seen === more) {
      const closes = zonedInstant(parseDay(shiftDay(day, 1)), CHECK_IN_GRACE_HOUR, m.timeZone);
      return new Date(Math.max(closes.getTime(), next));
    }
  }
  return new Date(next);
}

/**
 * Members whose kept spells are worked out at a time, in one transaction (their rows locked while
 * their days are read, so a change to them meanwhile waits and makes them stale again): a few, so
 * that the transaction, which holds PGlite's one connection and the tracker's thread from its
 * first statement to its last, stays short.
 */
const LISTING_BATCH = 5;

/**
 * Works out again the kept quiet spells (quiet_listings) that no longer hold at the tracker's
 * now, LISTING_BATCH members a transaction with a turn for the event loop between them, and drops
 * the rows of those no longer Active on a team. `skipLocked` (the schedule) leaves the rows
 * another pass is working on; the page waits for them, so it reads them worked out. Stops after
 * `budgetMs`. Returns how many rows it worked out or dropped.
 */
export async function refreshQuietListings(
  ctx: TrackerContext,
  opts: { skipLocked: boolean; budgetMs: number },
): Promise<number> {
  const now = ctx.trackerConfig.now();
  const started = performance.now();
  let done = 0;
  for (;;) {
    const count = await ctx.database.db.transaction(async (tx) => {
      const ids = await ctx.repos.quietListings.stale(now, LISTING_BATCH, opts.skipLocked, tx);
      if (ids.length === 0) return 0;
      const rows = await ctx.repos.members.list({ userIds: ids }, tx);
      const members = await daysOfMembers(ctx, rows, now, 'quiet', tx);
      const over = await pausedPastLimit(ctx, tx, members);
      const kept = members.map((m): QuietListing => {
        const { days, since, listed } = standing(m, over.has(m.user.id));
        return {
          userId: m.user.id,
          teamId: m.teamId,
          days,
          since,
          listed,
          freshUntil: freshUntil(m, now, days, listed),
        };
      });
      await ctx.repos.quietListings.keep(kept, now, tx);
      const active = new Set(kept.map((k) => k.userId));
      await ctx.repos.quietListings.drop(
        ids.filter((id) => !active.has(id)),
        tx,
      );
      return ids.length;
    });
    done += count;
    if (count === 0) break;
    await yieldToLoop();
    if (performance.now() - started > opts.budgetMs) break;
  }
  return done;
}

/** The member `which` names when they are listed as quiet now, worked out from their days. */
async function listedOne(ctx: TrackerContext, tx: Db, which: { userId: number }) {
  const members = await memberDaysOf(ctx, which, ctx.trackerConfig.now(), tx, 'quiet');
  const over = await pausedPastLimit(ctx, tx, members);
  return members.flatMap((m) => listing(m, over.has(m.user.id)));
}

/**
 * A page of the members listed as quiet, the longest quiet first (then by account), and how many
 * are listed: the kept spells, those no longer holding worked out first (refreshQuietListings).
 */
async function listedPage(ctx: TrackerContext, page: { limit: number; offset: number }) {
  await refreshQuietListings(ctx, { skipLocked: false, budgetMs: Number.POSITIVE_INFINITY });
  const { rows, total } = await ctx.repos.quietListings.page(page);
  const listed = rows.map(
    (r): Listed => ({
      user: r.user,
      teamId: r.teamId ?? 0,
      lastAnswer: r.lastAnswer,
      days: r.days,
      since: r.since ?? '',
    }),
  );
  return { listed, total };
}

/** The console's lines for `listed`, with their teams' names and the last time we wrote. */
async function describe(ctx: TrackerContext, tx: Db, listed: readonly Listed[]) {
  const names = await teamNames(
    ctx,
    tx,
    listed.map((l) => l.teamId),
  );
  const contacts = await lastContacts(
    ctx,
    tx,
    listed.map((l) => l.user.email),
  );
  return listed.map(
    ({ user, teamId, lastAnswer, days, since }): QuietMember => ({
      id: user.id,
      name: user.name,
      email: user.email,
      team: { id: teamId, name: names.get(teamId) ?? '' },
      quietDays: days,
      since,
      lastAnswer,
      lastContact: contacts.get(user.email.toLowerCase()) ?? null,
    }),
  );
}

/**
 * The console's Quiet members: Active members not paused today (or paused past
 * PAUSES_PER_QUARTER) whose quiet spell has reached
 * QUIET_RULES.consoleAfter check-in days, the longest first, with their last answer and the last
 * time we wrote to them. Every one of them, or the one `which` names.
 */
export async function quietMembers(
  ctx: TrackerContext,
  tx: Db = ctx.database.db,
  which?: { userId: number },
): Promise<QuietMember[]> {
  if (which !== undefined) return describe(ctx, tx, await listedOne(ctx, tx, which));
  const { listed } = await listedPage(ctx, { limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  return describe(ctx, tx, listed);
}

/**
 * One page of the console's Quiet members (quietMembers), with how many there are in all: one
 * indexed read of the kept spells (quiet_listings), not a judgement of every quiet member.
 */
export async function quietMemberPage(ctx: TrackerContext, page: PageQuery) {
  const { listed, total } = await listedPage(ctx, page);
  const members = await describe(ctx, ctx.database.db, listed);
  return { members, total, limit: page.limit, offset: page.offset };
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

/** Who a seat freed on `team` would go to now: decided by `heirFor`, read without locking. */
export async function seatHeir(
  ctx: TrackerContext,
  userId: number,
): Promise<{ heir: SeatHeir | null }> {
  const tx = ctx.database.db;
  const member = await quietOne(ctx, tx, userId);
  const team = await ctx.repos.teams.findRow(member.team.id, tx);
  if (team === null) throw notFound('Member');
  const next = await ctx.repos.joinRequests.heirFor(team, tx, { lock: false });
  return { heir: next === null ? null : { joinRequestId: next.id, name: next.name } };
}

/** What the audit log keeps of a freed seat, for its undo. */
interface FreedLine {
  teamId: number;
  membershipId: number;
  placedJoinRequest: number | null;
}

const isFreedLine = (after: unknown): after is FreedLine =>
  typeof after === 'object' &&
  after !== null &&
  typeof (after as FreedLine).teamId === 'number' &&
  typeof (after as FreedLine).membershipId === 'number';

/**
 * Frees a quiet member's seat: their membership ends (they are mailed, in words, once the undo
 * window has passed, and can choose a team again), and the seat goes at once to the oldest join
 * request waiting for that team, else to the oldest waiting for the team's area and role (as the
 * queue's placement does it: a Pending membership, the request waiting for the team's approval);
 * with neither, the seat simply opens. The team is locked first, as every seat change locks it.
 */
export async function freeQuietSeat(
  ctx: TrackerContext,
  operatorId: number,
  userId: number,
): Promise<FreedSeat> {
  const { repos } = ctx;
  const window = ctx.trackerConfig.decisionUndoMs;
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
    const now = ctx.trackerConfig.now();
    await repos.outbox.enqueue(
      {
        kind: 'seat-freed',
        to: member.email,
        // The mail waits for the undo window: a seat given back never reaches them.
        dueAt: new Date(now.getTime() + window),
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
    let placed: FreedSeat['placed'] = null;
    if ((await repos.teams.takenSeats(team.id, now, tx)) < team.capacity) {
      const next = await repos.joinRequests.heirFor(team, tx);
      if (next !== null) {
        await guardMembership(
          ctx,
          tx,
          next.userId,
          'request.place',
          () => new HttpError('JOIN_REQUEST_PLACED', 'This join request already has a team.'),
        );
        const membership = await repos.teams.addMembership(
          { teamId: team.id, userId: next.userId, status: 'Pending' },
          tx,
        );
        await repos.joinRequests.place(next.id, team.id, membership.id, tx, { placedAt: now });
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
      {
        teamId: team.id,
        status: 'Inactive',
        membershipId: place.id,
        placedJoinRequest: placed?.joinRequestId ?? null,
      } satisfies FreedLine & { status: string },
      now,
    );
    return {
      id: userId,
      placed,
      undoUntil: window > 0 ? new Date(now.getTime() + window).toISOString() : null,
    };
  });
  if (window > 0) setTimeout(() => ctx.mailer.kick(), window + 100).unref();
  else ctx.mailer.kick();
  return freed;
}

/**
 * Takes back a seat freed within the undo window (DECISION_UNDO_SECONDS, as approvals and
 * declines): the member is on the team again, Active, their quiet spell as it was; the mail that
 * waited for the window is not sent; the request the seat went to, if it still waits on the team
 * as placed there, waits for a team again. Both are written to the audit log. Past the window (or
 * once the mail has gone), UNDO_TOO_LATE; a seat taken meanwhile by someone else, TEAM_FULL.
 */
export async function undoFreeQuietSeat(
  ctx: TrackerContext,
  operatorId: number,
  userId: number,
): Promise<RestoredSeat> {
  const { repos } = ctx;
  const tooLate = () => new HttpError('UNDO_TOO_LATE', 'This decision can no longer be undone.');
  return ctx.database.db.transaction(async (tx) => {
    const user = await repos.users.get(userId, tx);
    if (user === null || user.role !== 'member') throw notFound('Member');
    const seen = await lastSeatLine(ctx, tx, userId);
    if (seen?.action !== 'quiet-member.seat-freed' || !isFreedLine(seen.after)) throw tooLate();
    const team = await repos.teams.lock(seen.after.teamId, tx);
    if (team === null) throw notFound('Team');
    // Read again under the team's lock: two undos at once give the seat back once.
    const line = await lastSeatLine(ctx, tx, userId);
    if (line?.action !== 'quiet-member.seat-freed' || !isFreedLine(line.after)) throw tooLate();
    const freed = line.after;
    await guardMembership(ctx, tx, userId, 'decision.undo', tooLate);
    const now = ctx.trackerConfig.now();
    if (now.getTime() - line.at.getTime() > ctx.trackerConfig.decisionUndoMs) throw tooLate();
    // The mail waits for the window: once it has gone out, the freed seat stands.
    if ((await repos.outbox.discardUnsent('seat-freed', user.email, line.at, tx)) === 0) {
      throw tooLate();
    }
    let waiting: RestoredSeat['waiting'] = null;
    const heir =
      freed.placedJoinRequest === null
        ? null
        : await repos.joinRequests.getForUpdate(freed.placedJoinRequest, tx);
    if (heir !== null && heir.teamId === team.id && heir.placedAt !== null) {
      await unplaceIn(ctx, tx, heir, tooLate);
      await recordAction(
        tx,
        operatorId,
        'join-request.unplaced',
        `join-request:${heir.id}`,
        { status: heir.status, teamId: heir.teamId, declineReason: null },
        { status: 'unmatched', teamId: null, declineReason: null },
      );
      const [name] = await repos.joinRequests.applicantNames([heir.id], tx);
      waiting = { joinRequestId: heir.id, name: name?.name ?? '' };
    }
    // The seat is theirs again only if nobody else took it meanwhile (a hold, a placement).
    if ((await repos.teams.takenSeats(team.id, now, tx)) >= team.capacity) {
      throw new HttpError('TEAM_FULL', `Team "${team.name}" has no open seat for them any more.`);
    }
    await repos.teams.setMembershipStatus(freed.membershipId, 'Active', tx);
    await recordAction(
      tx,
      operatorId,
      'quiet-member.seat-restored',
      `user:${userId}`,
      { teamId: team.id, status: 'Inactive', placedJoinRequest: freed.placedJoinRequest },
      { teamId: team.id, status: 'Active', waitingJoinRequest: waiting?.joinRequestId ?? null },
      now,
    );
    return { id: userId, team: { id: team.id, name: team.name }, waiting };
  });
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
