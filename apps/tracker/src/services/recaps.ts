import {
  CHECK_INS_PER_WEEK,
  localDay,
  oneLine,
  QUIET_TEXTS,
  RECAP_RULE,
  shiftDay,
  streaksOf,
  TEAM_LIFE_API,
  weekStartOf,
} from '@app/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  checkIns,
  cheers,
  emailLinks,
  memberships,
  recapSettings,
  recaps,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { afterLocalDay, nextLocalTime } from '../schedule.ts';
import type { TrackerContext } from './context.ts';
import { LINK_EXPIRED, LINK_NOT_FOUND, linkOf, linkUrl, newLink } from './email-links.ts';
import { type MemberDays, memberDaysOf, onTeam } from './member-days.ts';
import { dayInWords } from './pauses.ts';
import { UNSUBSCRIBE_LINK_MS } from './reminders.ts';
import { memberCall } from './team-calls.ts';
import { memberTimeZone } from './teammates.ts';

/** Due recaps handled per transaction. */
const BATCH = 50;

/** When the recap next falls due for a member in `timeZone`: Sunday 18:00 on their clock. */
const nextRecap = (now: Date, timeZone: string) =>
  nextLocalTime(now, [RECAP_RULE.weekday], RECAP_RULE.minute, timeZone);

const clockIn = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(at));

/**
 * One teammate's line: their Yes answers of CHECK_INS_PER_WEEK on the week's dates (the
 * recipient's Monday to Sunday, as the board puts each member's answers under the viewer's
 * dates), their streak now, and the cheers their check-ins got that week.
 */
function lineOf(member: MemberDays, week: readonly string[], cheersGot: number, own: boolean) {
  const yes = week.filter((day) => member.input.answers.get(day) === 'yes').length;
  const streak = streaksOf(member.input).current;
  const name = own ? 'You' : oneLine(member.user.name);
  const paused = member.pausedToday ? ' (paused)' : '';
  const cheered = cheersGot === 1 ? ', 1 cheer' : cheersGot > 1 ? `, ${cheersGot} cheers` : '';
  return `- ${name}${paused}: ${yes} of ${CHECK_INS_PER_WEEK}, streak ${streak}${cheered}`;
}

/**
 * The weekly recap's text for `member` at the tracker's now: the team's week, the member's own
 * line first, each teammate's Yes answers of the week and streak (the day rules of the home's
 * calendar), the cheers their check-ins got this week, and the team's calls ahead on the
 * member's clock.
 */
async function recapText(ctx: TrackerContext, tx: Db, member: MemberDays, stop: string) {
  const now = ctx.trackerConfig.now();
  const team = await memberDaysOf(ctx, onTeam(member.teamId), now, tx);
  const ids = team.map((m) => m.user.id);
  const monday = weekStartOf(member.today);
  const week = Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
  // Cheers on the team's check-ins of the week's dates.
  const counted = await tx
    .select({ owner: checkIns.userId, day: checkIns.day, by: users.name })
    .from(cheers)
    .innerJoin(checkIns, eq(checkIns.id, cheers.checkInId))
    .innerJoin(users, eq(users.id, cheers.userId))
    .where(and(inArray(checkIns.userId, ids), inArray(checkIns.day, week)))
    .orderBy(asc(checkIns.day), asc(cheers.id));
  const cheersOf = (id: number) => counted.filter((c) => c.owner === id).length;
  const others = team
    .filter((m) => m.user.id !== member.user.id)
    .sort((a, b) => a.user.name.localeCompare(b.user.name));
  const nameOf = new Map(team.map((m) => [m.user.id, oneLine(m.user.name)]));
  const call = await memberCall(ctx, member.user.id, tx);
  return [
    `Hi ${oneLine(member.user.name)},`,
    '',
    `Your team's week (check-ins with Yes of ${CHECK_INS_PER_WEEK}, and the streak of days in a row):`,
    lineOf(member, week, cheersOf(member.user.id), true),
    ...others.map((m) => lineOf(m, week, cheersOf(m.user.id), false)),
    '',
    counted.length === 0 ? 'No cheers this week yet.' : `Cheers this week (${counted.length}):`,
    ...counted.map(
      (c) =>
        `- ${oneLine(c.by)} cheered ${c.owner === member.user.id ? 'you' : (nameOf.get(c.owner) ?? 'a teammate')} (${dayInWords(c.day)})`,
    ),
    '',
    ...(call === null || call.slots.length === 0
      ? ['No team calls are set yet.']
      : [
          'Calls ahead:',
          ...call.slots.map(
            (slot) => `- ${clockIn(slot.next, member.timeZone)}: ${call.meetingUrl}`,
          ),
        ]),
    '',
    `Your home: ${ctx.trackerConfig.publicUrl}/`,
    `Stop these weekly recaps: ${stop}`,
  ].join('\n');
}

/**
 * Queues one member's recap for the week of `date` in `tx`, unless it was queued already (the
 * unique (member, week) row).
 */
async function queueRecap(ctx: TrackerContext, tx: Db, member: MemberDays, date: string) {
  const now = ctx.trackerConfig.now();
  const [made] = await tx
    .insert(recaps)
    .values({ userId: member.user.id, weekStart: weekStartOf(date), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: recaps.id });
  if (made === undefined) return false;
  const token = await newLink(
    tx,
    member.user.id,
    'recap-unsubscribe',
    null,
    new Date(now.getTime() + UNSUBSCRIBE_LINK_MS),
  );
  const base = ctx.trackerConfig.publicUrl;
  await ctx.repos.outbox.enqueue(
    {
      kind: 'recap',
      to: member.user.email,
      subject: `Your team's week: ${dayInWords(weekStartOf(date))} to ${dayInWords(date)}`,
      text: await recapText(ctx, tx, member, linkUrl(base, '/stop-recaps', token)),
      headers: {
        'List-Unsubscribe': `<${linkUrl(base, TEAM_LIFE_API.recapUnsubscribe.url, token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
    tx,
  );
  return true;
}

/** The zone the account's days are counted in, as SQL (the account's, or the default). */
const memberZoneSql = () => sql`coalesce(${users.timeZone}, ${memberTimeZone({ timeZone: null })})`;

/**
 * One pass of the weekly recap's schedule, on the design of the reminders' (decision 24): every
 * Active member gets a recap_settings row; rows whose next Sunday 18:00 is unknown, or was worked
 * out for another zone, get it worked out; due rows are taken with FOR UPDATE SKIP LOCKED, and for
 * each, in one transaction, a member still on a team and not paused that day gets the recap (the
 * recaps row unique on member and week makes it once), then the next Sunday is set. Returns how
 * many were queued.
 */
export async function runRecaps(ctx: TrackerContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.trackerConfig.now();
  await db.execute(sql`
    INSERT INTO recap_settings (user_id)
    SELECT DISTINCT user_id FROM memberships WHERE status = 'Active'
    ON CONFLICT DO NOTHING`);
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ userId: recapSettings.userId, zone: users.timeZone })
        .from(recapSettings)
        .innerJoin(users, eq(users.id, recapSettings.userId))
        .where(
          and(
            eq(recapSettings.enabled, true),
            or(
              isNull(recapSettings.nextAt),
              sql`${recapSettings.timeZone} IS DISTINCT FROM ${memberZoneSql()}`,
            ),
          ),
        )
        .limit(BATCH)
        .for('update', { of: recapSettings, skipLocked: true });
      for (const row of rows) {
        const timeZone = memberTimeZone({ timeZone: row.zone });
        await tx
          .update(recapSettings)
          .set({ nextAt: nextRecap(now, timeZone), timeZone })
          .where(eq(recapSettings.userId, row.userId));
      }
      return rows.length < BATCH;
    });
    if (done) break;
  }

  let queued = 0;
  for (;;) {
    const { count, more } = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(recapSettings)
        .where(
          and(
            eq(recapSettings.enabled, true),
            isNotNull(recapSettings.nextAt),
            lte(recapSettings.nextAt, now),
          ),
        )
        .orderBy(asc(recapSettings.nextAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const row of due) {
        const [member] = await memberDaysOf(ctx, eq(memberships.userId, row.userId), now, tx);
        const timeZone = member?.timeZone ?? row.timeZone ?? '';
        if (member && row.nextAt && timeZone === row.timeZone) {
          const date = localDay(row.nextAt, timeZone);
          // Late (every tracker was down): still that Sunday, else that week's recap is dropped.
          const stillThatDay = now.getTime() < afterLocalDay(date, timeZone).getTime();
          if (
            stillThatDay &&
            !member.input.paused?.has(date) &&
            (await queueRecap(ctx, tx, member, date))
          ) {
            count++;
          }
        }
        await tx
          .update(recapSettings)
          .set({ nextAt: member ? nextRecap(now, timeZone) : null, timeZone })
          .where(eq(recapSettings.userId, row.userId));
      }
      return { count, more: due.length === BATCH };
    });
    queued += count;
    if (!more) break;
  }
  if (queued > 0) ctx.mailer.kick();
  return queued;
}

/**
 * Stops the member's weekly recaps with the token of a recap's link (RFC 8058 one-click, no
 * sign-in). Pressing it again changes nothing and answers the same.
 */
export async function recapUnsubscribe(ctx: TrackerContext, token: string) {
  const now = ctx.trackerConfig.now();
  await ctx.database.db.transaction(async (tx) => {
    const link = await linkOf(tx, token, ['recap-unsubscribe'], {
      notFound: () => LINK_NOT_FOUND('This link is not valid. Open the newest weekly recap.'),
    });
    if (link.expiresAt.getTime() <= now.getTime()) {
      throw LINK_EXPIRED('This link has expired. Open the newest weekly recap.');
    }
    await tx
      .insert(recapSettings)
      .values({ userId: link.userId, enabled: false, nextAt: null })
      .onConflictDoUpdate({ target: recapSettings.userId, set: { enabled: false, nextAt: null } });
    if (link.usedAt === null) {
      await tx.update(emailLinks).set({ usedAt: now }).where(eq(emailLinks.id, link.id));
    }
  });
  return { message: QUIET_TEXTS.recapUnsubscribed };
}
