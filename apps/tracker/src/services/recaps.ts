import { CHECK_INS_PER_WEEK, oneLine, RECAP_RULE, shiftDay, weekStartOf } from '@app/contracts';
import { recapSettings } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { nextLocalTime, yieldToLoop } from '../schedule.ts';
import type { TrackerContext } from './context.ts';
import { unsubscribeLink } from './mail-settings.ts';
import {
  currentStreaksOf,
  type MemberDays,
  memberDaysOf,
  onTeam,
  schedulePace,
} from './member-days.ts';
import { runMemberSchedule } from './member-schedule.ts';
import { dayInWords } from './pauses.ts';
import { memberCall } from './team-calls.ts';

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
  const streak = currentStreaksOf(member).current;
  const name = own ? 'You' : oneLine(member.user.name);
  const paused = member.pausedToday ? ' (paused)' : '';
  const cheered = cheersGot === 1 ? ', 1 cheer' : cheersGot > 1 ? `, ${cheersGot} cheers` : '';
  return `- ${name}${paused}: ${yes} of ${CHECK_INS_PER_WEEK}, streak ${streak}${cheered}`;
}

/** A recap's recipient and their team (themselves among them), their days as the recap reads them. */
interface Recipient {
  member: MemberDays;
  team: MemberDays[];
}

/**
 * The member `userId` with their team's days at `now` (the calendar's weeks, and further back for
 * a streak that has not broken in them), in one read of the team; null when they are on no team.
 * Read outside a transaction, a turn for the event loop after each statement.
 */
async function recipientOf(
  ctx: TrackerContext,
  db: Db,
  userId: number,
  now: Date,
): Promise<Recipient | null> {
  const place = await ctx.repos.members.onTeam(userId, db);
  if (place === null) return null;
  await yieldToLoop();
  const team = await memberDaysOf(ctx, onTeam(place.teamId), now, db, 'weeks', schedulePace(ctx));
  const member = team.find((m) => m.user.id === userId);
  return member === undefined ? null : { member, team };
}

/**
 * The weekly recap's text for `member` at the tracker's now, up to the link that stops it (`stop`):
 * the team's week, the member's own line first, each teammate's Yes answers of the week and streak
 * (the day rules of the home's calendar), the cheers their check-ins got this week, and the team's
 * calls ahead on the member's clock. Read outside a transaction, a turn for the event loop after
 * each statement and after each teammate's line (a streak is walked day by day).
 */
async function recapText(ctx: TrackerContext, db: Db, { member, team }: Recipient) {
  const ids = team.map((m) => m.user.id);
  const monday = weekStartOf(member.today);
  const week = Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
  // Cheers on the team's check-ins of the week's dates.
  const counted = await ctx.repos.checkIns.cheersOnDays(ids, week, db);
  await yieldToLoop();
  const cheersOf = (id: number) => counted.filter((c) => c.owner === id).length;
  const others = team
    .filter((m) => m.user.id !== member.user.id)
    .sort((a, b) => a.user.name.localeCompare(b.user.name));
  const lines = [lineOf(member, week, cheersOf(member.user.id), true)];
  for (const m of others) {
    await yieldToLoop();
    lines.push(lineOf(m, week, cheersOf(m.user.id), false));
  }
  const nameOf = new Map(team.map((m) => [m.user.id, oneLine(m.user.name)]));
  const call = await memberCall(ctx, member.user.id, db);
  await yieldToLoop();
  const text = [
    `Hi ${oneLine(member.user.name)},`,
    '',
    `Your team's week (check-ins with Yes of ${CHECK_INS_PER_WEEK}, and the streak of days in a row):`,
    ...lines,
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
  ].join('\n');
  return (stop: string) => `${text}\nStop these weekly recaps: ${stop}`;
}

/**
 * Queues one member's recap of the week of `date` in `tx` (its text up to the stop link), unless
 * it was queued already (the unique (member, week) row): writes only.
 */
async function queueRecap(
  ctx: TrackerContext,
  tx: Db,
  { member }: Recipient,
  date: string,
  text: (stop: string) => string,
) {
  const now = ctx.trackerConfig.now();
  const made = await ctx.repos.recaps.insert(
    { userId: member.user.id, weekStart: weekStartOf(date), createdAt: now },
    tx,
  );
  if (!made) return false;
  const stop = await unsubscribeLink(ctx, tx, member.user.id, 'recaps');
  await ctx.repos.outbox.enqueue(
    {
      kind: 'recap',
      to: member.user.email,
      subject: `Your team's week: ${dayInWords(weekStartOf(date))} to ${dayInWords(date)}`,
      text: text(stop.url),
      headers: stop.headers,
    },
    tx,
  );
  return true;
}

/**
 * One pass of the weekly recap's schedule (`runMemberSchedule`, the reminders' design): a member
 * still on a team and not paused that Sunday gets the recap; the recaps row, unique on member and
 * week, makes it once. Returns how many were queued.
 */
export function runRecaps(ctx: TrackerContext): Promise<number> {
  return runMemberSchedule(ctx, {
    table: recapSettings,
    next: (_row, now, timeZone) => nextRecap(now, timeZone),
    member: (db, row, now) => recipientOf(ctx, db, row.userId, now),
    zone: ({ member }) => member.timeZone,
    mail: async (db, recipient, date) =>
      recipient.member.input.paused?.has(date) ? null : await recapText(ctx, db, recipient),
    send: (tx, recipient, date, text) => queueRecap(ctx, tx, recipient, date, text),
  });
}
