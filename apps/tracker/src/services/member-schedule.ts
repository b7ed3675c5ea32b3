import { localDay } from '@app/contracts';
import { and, asc, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  type digestSettings,
  type recapSettings,
  type reminderSettings,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { afterLocalDay } from '../schedule.ts';
import type { TrackerContext } from './context.ts';
import { memberTimeZone } from './teammates.ts';

/** Rows handled per transaction. */
const BATCH = 50;

/**
 * A per-member schedule's settings table: one row per member, whether it is on, when it next falls
 * due (`next_at`) and the zone that time was worked out in.
 */
type SettingsTable = typeof reminderSettings | typeof recapSettings | typeof digestSettings;

/** What one mail on a member's own clock needs (the reminders, the weekly recap, the digest). */
export interface MemberSchedule<T extends SettingsTable, M> {
  table: T;
  /** When `row` next falls due from `now` in `timeZone`; null when it never does. */
  next(row: T['$inferSelect'], now: Date, timeZone: string): Date | null;
  /** What else a row needs to have a next time at all (the reminders: a weekday). */
  scheduled?: SQL;
  /** The member a due row is for, read in `tx`; null when the account is gone. */
  member(tx: Db, row: T['$inferSelect'], now: Date): Promise<M | null>;
  /** The zone the member's days are counted in now. */
  zone(member: M): string;
  /** Queues the mail of `date` for a member whose row is due and still on that day; true if it did. */
  send(tx: Db, member: M, date: string): Promise<boolean>;
}

/** The zone the account's days are counted in, as SQL (the account's, or the default). */
const memberZoneSql = () => sql`coalesce(${users.timeZone}, ${memberTimeZone({ timeZone: null })})`;

/**
 * One pass of a schedule on each member's own clock (decision 24), at the tracker's now:
 * 1. every Active member gets a settings row (the defaults);
 * 2. rows whose next time is unknown, or was worked out for another zone than the account's, get
 *    it worked out;
 * 3. due rows are taken with FOR UPDATE SKIP LOCKED (another tracker skips them) and, for each, in
 *    one transaction: the mail is queued when the member is still there and it is still that day
 *    on their clock (late because every tracker was down: still that day, else that one is
 *    dropped), and the next time is set.
 *
 * The mail's own unique row (member and day, member and week) makes a retried pass send nothing
 * twice. Returns how many were queued.
 */
export async function runMemberSchedule<T extends SettingsTable, M>(
  ctx: TrackerContext,
  schedule: MemberSchedule<T, M>,
): Promise<number> {
  const { db } = ctx.database;
  const { table } = schedule;
  // The two settings tables share these columns; drizzle's builders cannot see that through the
  // type parameter, so they are named through the union.
  const columns: SettingsTable = table;
  const now = ctx.trackerConfig.now();
  const setNext = (tx: Db, userId: number, nextAt: Date | null, timeZone: string) =>
    tx.update(columns).set({ nextAt, timeZone }).where(eq(columns.userId, userId));

  await db.execute(sql`
    INSERT INTO ${columns} (user_id)
    SELECT DISTINCT user_id FROM memberships WHERE status = 'Active'
    ON CONFLICT DO NOTHING`);

  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = (await tx
        .select({ row: columns, zone: users.timeZone })
        .from(columns)
        .innerJoin(users, eq(users.id, columns.userId))
        .where(
          and(
            eq(columns.enabled, true),
            schedule.scheduled,
            or(
              isNull(columns.nextAt),
              sql`${columns.timeZone} IS DISTINCT FROM ${memberZoneSql()}`,
            ),
          ),
        )
        .limit(BATCH)
        .for('update', { of: columns, skipLocked: true })) as {
        row: T['$inferSelect'];
        zone: string | null;
      }[];
      for (const { row, zone } of rows) {
        const timeZone = memberTimeZone({ timeZone: zone });
        await setNext(tx, row.userId, schedule.next(row, now, timeZone), timeZone);
      }
      return rows.length < BATCH;
    });
    if (done) break;
  }

  let queued = 0;
  for (;;) {
    const { count, more } = await db.transaction(async (tx) => {
      const due = (await tx
        .select()
        .from(columns)
        .where(and(eq(columns.enabled, true), isNotNull(columns.nextAt), lte(columns.nextAt, now)))
        .orderBy(asc(columns.nextAt))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as T['$inferSelect'][];
      let count = 0;
      for (const row of due) {
        const member = await schedule.member(tx, row, now);
        const timeZone = member ? schedule.zone(member) : (row.timeZone ?? '');
        if (member && row.nextAt && timeZone === row.timeZone) {
          const date = localDay(row.nextAt, timeZone);
          const stillThatDay = now.getTime() < afterLocalDay(date, timeZone).getTime();
          if (stillThatDay && (await schedule.send(tx, member, date))) count++;
        }
        await setNext(tx, row.userId, member ? schedule.next(row, now, timeZone) : null, timeZone);
      }
      return { count, more: due.length === BATCH };
    });
    queued += count;
    if (!more) break;
  }
  if (queued > 0) ctx.mailer.kick();
  return queued;
}
