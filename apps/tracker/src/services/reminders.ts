import {
  CHECK_IN_GRACE_HOUR,
  CHECK_IN_QUESTION,
  type CheckInLink,
  clockTimeOf,
  minuteOfDay,
  oneLine,
  PUSH_TEXTS,
  REMINDER_DEFAULTS,
  type ReminderSettings,
  type ReminderSettingsForm,
} from '@app/contracts';
import { notFound } from '@app/server-kit';
import { and, eq, sql } from 'drizzle-orm';
import {
  type EmailLinkPurpose,
  memberships,
  reminderSettings,
  reminders,
  type users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { afterLocalDay, nextLocalTime, yieldToLoop } from '../schedule.ts';
import { checkInOn, recordCheckIn } from './check-ins.ts';
import type { TrackerContext } from './context.ts';
import { unsubscribeLink } from './mail-settings.ts';
import { runMemberSchedule } from './member-schedule.ts';
import { checkLink, linkRefusal, makeLink, ONE_USE_LINKS, useLink } from './one-use-links.ts';
import { pausedOn } from './pauses.ts';
import { queuePushReminders } from './push.ts';
import { memberTimeZone } from './teammates.ts';

type SettingsRow = typeof reminderSettings.$inferSelect;

/** When `row` next falls due from `now` in `timeZone`; null when it never does. */
function nextDue(
  row: Pick<SettingsRow, 'enabled' | 'weekdays' | 'localMinute'>,
  now: Date,
  timeZone: string,
) {
  if (!row.enabled || row.weekdays.length === 0) return null;
  return nextLocalTime(now, row.weekdays, row.localMinute, timeZone);
}

function settingsOf(row: SettingsRow | undefined, timeZone: string): ReminderSettings {
  return {
    enabled: row?.enabled ?? true,
    time: row ? clockTimeOf(row.localMinute) : REMINDER_DEFAULTS.time,
    weekdays: row ? [...row.weekdays].sort() : [...REMINDER_DEFAULTS.weekdays],
    timeZone,
  };
}

async function account(ctx: TrackerContext, userId: number, tx: Db = ctx.database.db) {
  const user = await ctx.repos.users.get(userId, tx);
  if (user === null) throw notFound('User');
  return user;
}

/** The member's reminder settings (the defaults until they change them). */
export async function reminderSettingsOf(
  ctx: TrackerContext,
  userId: number,
): Promise<ReminderSettings> {
  const user = await account(ctx, userId);
  const [row] = await ctx.database.db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  return settingsOf(row, memberTimeZone(user));
}

/** Changes when (and whether) the member is reminded; the next reminder is worked out at once. */
export async function setReminderSettings(
  ctx: TrackerContext,
  userId: number,
  form: ReminderSettingsForm,
): Promise<ReminderSettings> {
  const user = await account(ctx, userId);
  const timeZone = memberTimeZone(user);
  const values = {
    userId,
    enabled: form.enabled,
    localMinute: minuteOfDay(form.time),
    weekdays: [...new Set(form.weekdays)].sort(),
  };
  const nextAt = nextDue(values, ctx.trackerConfig.now(), timeZone);
  const [row] = await ctx.database.db
    .insert(reminderSettings)
    .values({ ...values, nextAt, timeZone })
    .onConflictDoUpdate({
      target: reminderSettings.userId,
      set: { ...values, nextAt, timeZone },
    })
    .returning();
  return settingsOf(row, timeZone);
}

const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/**
 * Queues the day's reminder for one member in `tx`, unless one was queued for that day already
 * (the unique (member, day) row): a retried run sends nothing twice. It goes by email, to each of
 * the member's push devices, or both, as the member chose.
 */
async function queueReminder(
  ctx: TrackerContext,
  tx: Db,
  user: typeof users.$inferSelect,
  date: string,
  timeZone: string,
  channel: SettingsRow['channel'],
): Promise<boolean> {
  const [made] = await tx
    .insert(reminders)
    .values({ userId: user.id, localDate: date, createdAt: ctx.trackerConfig.now() })
    .onConflictDoNothing()
    .returning({ id: reminders.id });
  if (made === undefined) return false;
  // By push when the member chose it and has a device; by email as well, or when no device is left.
  const pushed =
    channel === 'email'
      ? 0
      : await queuePushReminders(
          ctx,
          tx,
          user.id,
          {
            title: CHECK_IN_QUESTION,
            body: PUSH_TEXTS.body(longDay(date)),
            url: '/',
            tag: `check-in-${date}`,
          },
          afterLocalDay(date, timeZone),
        );
  if (channel === 'push' && pushed > 0) return true;
  const base = ctx.trackerConfig.publicUrl;
  // The check-in links work as long as the day can be answered: until noon the day after.
  const closes = afterLocalDay(date, timeZone, CHECK_IN_GRACE_HOUR);
  const checkIn = (purpose: 'check-in-yes' | 'check-in-no') =>
    makeLink(ctx, tx, ONE_USE_LINKS.checkIn, {
      userId: user.id,
      purpose,
      localDate: date,
      expiresAt: closes,
    });
  const yes = await checkIn('check-in-yes');
  const no = await checkIn('check-in-no');
  const stop = await unsubscribeLink(ctx, tx, user.id, 'reminders');
  const link = (path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`;
  await ctx.repos.outbox.enqueue(
    {
      kind: 'reminder',
      to: user.email,
      subject: CHECK_IN_QUESTION,
      text: [
        `Hi ${oneLine(user.name)},`,
        '',
        `${CHECK_IN_QUESTION} (${longDay(date)})`,
        ...(user.goalSummary ? [`Your goal: "${oneLine(user.goalSummary)}"`] : []),
        '',
        `Yes: ${link('/check-in', yes)}`,
        `Not today: ${link('/check-in', no)}`,
        '',
        'Each link opens a page where one press records your answer.',
        '',
        `Change when we remind you: ${base}/reminders`,
        `Stop these reminders: ${stop.url}`,
      ].join('\n'),
      headers: stop.headers,
    },
    tx,
  );
  return true;
}

/**
 * Whether `user` is reminded of `date` (still on a team, not paused that day and not checked in
 * that day), and how (their channel): read outside a transaction, a turn for the event loop after
 * each statement; null when they are not.
 */
async function reminderOf(
  ctx: TrackerContext,
  db: Db,
  user: typeof users.$inferSelect,
  date: string,
): Promise<SettingsRow['channel'] | null> {
  if (user.status === 'Inactive') return null;
  const checks = [
    () => onTeam(db, user.id),
    async () => (await checkInOn(ctx, user.id, date, db)) === null,
    // Paused members are not reminded; their reminders come back when the pause ends.
    async () => !(await pausedOn(db, user.id, date)),
  ];
  for (const check of checks) {
    if (!(await check())) return null;
    await yieldToLoop();
  }
  return ctx.repos.pushSubscriptions.channelOf(user.id, db);
}

/**
 * One pass of the reminder schedule at the tracker's now (`runMemberSchedule`): a member's
 * reminder is queued when they are still on a team, have not paused that day and have not
 * checked in that day. Returns how many were queued.
 */
export function runReminders(ctx: TrackerContext): Promise<number> {
  return runMemberSchedule(ctx, {
    table: reminderSettings,
    next: nextDue,
    scheduled: sql`cardinality(${reminderSettings.weekdays}) > 0`,
    member: (db, row) => ctx.repos.users.get(row.userId, db),
    zone: (user) => memberTimeZone(user),
    mail: (db, user, date) => reminderOf(ctx, db, user, date),
    send: (tx, user, date, channel) =>
      queueReminder(ctx, tx, user, date, memberTimeZone(user), channel),
  });
}

async function onTeam(tx: Db, userId: number) {
  const [place] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'Active')))
    .limit(1);
  return place !== undefined;
}

function answerOf(purpose: EmailLinkPurpose): 'yes' | 'no' {
  return purpose === 'check-in-yes' ? 'yes' : 'no';
}

/** What a check-in link would record, without recording it (a mail scanner may open links). */
export async function readCheckInLink(ctx: TrackerContext, token: string): Promise<CheckInLink> {
  const { link, state } = await checkLink(ctx, ONE_USE_LINKS.checkIn, token);
  return { answer: answerOf(link.purpose), date: link.localDate ?? '', state };
}

/** Records the check-in a link answers, once, through the check-in rules (the day still open). */
export async function useCheckInLink(ctx: TrackerContext, token: string) {
  const answer = await useLink(ctx, ONE_USE_LINKS.checkIn, token, async (link, tx) => {
    if (link.localDate === null) throw linkRefusal(ONE_USE_LINKS.checkIn, 'expired');
    const answer = answerOf(link.purpose);
    await recordCheckIn(
      ctx,
      link.userId,
      { day: link.localDate, answer: answer === 'yes' ? 'yes' : 'not-today' },
      tx,
    );
    return answer;
  });
  return {
    message:
      answer === 'yes'
        ? 'Checked in: Yes. Well done! Your team sees it on the board.'
        : 'Checked in: Not today. Tomorrow is a new day.',
  };
}
