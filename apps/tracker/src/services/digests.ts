import {
  DIGEST_RULE,
  DIGEST_SUBJECT,
  type DigestSettings,
  oneLine,
  shiftDay,
} from '@app/contracts';
import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkInReplies, checkIns, cheers, digestSettings, digests, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { afterLocalDay, nextLocalTime, yieldToLoop } from '../schedule.ts';
import type { TrackerContext } from './context.ts';
import { unsubscribeLink } from './mail-settings.ts';
import { runMemberSchedule } from './member-schedule.ts';
import { dayInWords } from './pauses.ts';
import { memberTimeZone } from './teammates.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;

/** Whether the member gets the daily digest; off until they turn it on. */
export async function digestSettingsOf(
  ctx: TrackerContext,
  userId: number,
): Promise<DigestSettings> {
  const [row] = await ctx.database.db
    .select({ enabled: digestSettings.enabled })
    .from(digestSettings)
    .where(eq(digestSettings.userId, userId));
  return { enabled: row?.enabled ?? false };
}

/** Turns the digest on or off; its next time is worked out on the schedule's next pass. */
export async function setDigest(
  ctx: TrackerContext,
  userId: number,
  { enabled }: DigestSettings,
): Promise<DigestSettings> {
  await ctx.database.db
    .insert(digestSettings)
    .values({ userId, enabled })
    .onConflictDoUpdate({
      target: digestSettings.userId,
      set: { enabled, nextAt: null, timeZone: null },
    });
  return { enabled };
}

/**
 * The cheers and replies teammates gave the member's check-ins from the start of `date` on their
 * clock until now, oldest first (their own left out): two reads, with a turn for the event loop
 * between them.
 */
async function reactionsOn(
  ctx: TrackerContext,
  db: Db,
  userId: number,
  date: string,
  timeZone: string,
) {
  const from = afterLocalDay(shiftDay(date, -1), timeZone);
  const until = ctx.trackerConfig.now();
  const by = alias(users, 'by');
  const window = (createdAt: typeof cheers.createdAt | typeof checkInReplies.createdAt) =>
    and(gte(createdAt, from), lt(createdAt, until));
  const cheered = await db
    .select({ by: by.name, day: checkIns.day, at: cheers.createdAt })
    .from(cheers)
    .innerJoin(checkIns, eq(checkIns.id, cheers.checkInId))
    .innerJoin(by, eq(by.id, cheers.userId))
    .where(
      and(
        eq(checkIns.userId, userId),
        eq(checkIns.done, true),
        ne(cheers.userId, userId),
        window(cheers.createdAt),
      ),
    )
    .orderBy(asc(cheers.createdAt), asc(cheers.id));
  await yieldToLoop();
  const replied = await db
    .select({ by: by.name, day: checkIns.day, text: checkInReplies.text })
    .from(checkInReplies)
    .innerJoin(checkIns, eq(checkIns.id, checkInReplies.checkInId))
    .innerJoin(by, eq(by.id, checkInReplies.userId))
    .where(
      and(
        eq(checkIns.userId, userId),
        ne(checkInReplies.userId, userId),
        window(checkInReplies.createdAt),
      ),
    )
    .orderBy(asc(checkInReplies.createdAt), asc(checkInReplies.id));
  return { cheered, replied };
}

/**
 * The lines of the member's digest for `date` (before the link that turns it off), when teammates
 * cheered or replied that day; null when they did not, or the account is inactive.
 */
async function digestLines(
  ctx: TrackerContext,
  db: Db,
  user: typeof users.$inferSelect,
  date: string,
): Promise<string[] | null> {
  if (user.status === 'Inactive') return null;
  const { cheered, replied } = await reactionsOn(ctx, db, user.id, date, memberTimeZone(user));
  if (cheered.length === 0 && replied.length === 0) return null;
  return [
    `Hi ${oneLine(user.name)},`,
    '',
    ...cheered.map((c) => `- ${oneLine(c.by)} cheered your check-in of ${dayInWords(c.day)}`),
    ...replied.map(
      (r) =>
        `- ${oneLine(r.by)} replied to your note of ${dayInWords(r.day)}: "${oneLine(r.text)}"`,
    ),
    '',
    `Your home: ${ctx.trackerConfig.publicUrl}/`,
  ];
}

/**
 * Queues the member's digest of `date` (its `lines`) in `tx`, unless one was queued for that day
 * already (the digests row, unique on member and day).
 */
async function queueDigest(
  ctx: TrackerContext,
  tx: Db,
  user: typeof users.$inferSelect,
  date: string,
  lines: readonly string[],
): Promise<boolean> {
  const [made] = await tx
    .insert(digests)
    .values({ userId: user.id, localDate: date, createdAt: ctx.trackerConfig.now() })
    .onConflictDoNothing()
    .returning({ id: digests.id });
  if (made === undefined) return false;
  const stop = await unsubscribeLink(ctx, tx, user.id, 'digest');
  await ctx.repos.outbox.enqueue(
    {
      kind: 'digest',
      to: user.email,
      subject: DIGEST_SUBJECT,
      text: [...lines, `Turn this daily email off: ${stop.url}`].join('\n'),
      headers: stop.headers,
    },
    tx,
  );
  return true;
}

/**
 * One pass of the daily digest's schedule (`runMemberSchedule`): at 20:00 on each member's clock,
 * for members who turned it on, one mail with the day's cheers and replies when there were any.
 * Returns how many were queued.
 */
export function runDigests(ctx: TrackerContext): Promise<number> {
  return runMemberSchedule(ctx, {
    table: digestSettings,
    next: (_row, now, timeZone) => nextLocalTime(now, EVERY_DAY, DIGEST_RULE.minute, timeZone),
    member: (db, row) => ctx.repos.users.get(row.userId, db),
    zone: (user) => memberTimeZone(user),
    mail: (db, user, date) => digestLines(ctx, db, user, date),
    send: (tx, user, date, lines) => queueDigest(ctx, tx, user, date, lines),
  });
}
