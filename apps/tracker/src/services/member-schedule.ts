import { localDay } from '@app/contracts';
import { and, asc, eq, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
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
 * The longest a pass works on before it gives the event loop a turn, between two members: one
 * member's mail is a few queries and a little JavaScript, and on PGlite (in the tracker's own
 * thread) the queries too hold the loop, so a whole batch at once could hold it for seconds.
 */
const SLICE_MS = 10;

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

/**
 * How long one pass goes on before it leaves the rest to the next (the schedules run every
 * minute): a pass is batches of BATCH rows, each a transaction of its own, with a turn for the
 * event loop between them and, within one, between two members once SLICE_MS have gone, so a
 * pass never holds the tracker's thread for long at a time.
 */
const SCHEDULE_PASS_MS = 10_000;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A turn for the event loop once SLICE_MS have gone since the last one. */
function slicer() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await yieldToLoop();
    since = performance.now();
  };
}

/**
 * One pass of a schedule on each member's own clock (decision 24), at the tracker's now. It reads
 * only the rows that need it, each through an index, never every member's:
 * 1. rows whose next time is unknown get it worked out. The database keeps that set: a member who
 *    becomes Active gets a settings row (the defaults, next time unknown), and an account whose
 *    zone changes has its next times cleared (triggers of migration 0021);
 * 2. due rows are taken with FOR UPDATE SKIP LOCKED (another tracker skips them) and, for each, in
 *    one transaction: the mail is queued when the member is still there and it is still that day
 *    on their clock (late because every tracker was down: still that day, else that one is
 *    dropped), and the next time is set.
 *
 * The mail's own unique row (member and day, member and week) makes a retried pass send nothing
 * twice. A pass longer than SCHEDULE_PASS_MS leaves the rest to the next. Returns how many were
 * queued.
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

  const started = performance.now();
  const overBudget = () => performance.now() - started > SCHEDULE_PASS_MS;
  const turn = slicer();

  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = (await tx
        .select({ row: columns, zone: users.timeZone })
        .from(columns)
        .innerJoin(users, eq(users.id, columns.userId))
        .where(and(eq(columns.enabled, true), isNull(columns.nextAt), schedule.scheduled))
        .limit(BATCH)
        .for('update', { of: columns, skipLocked: true })) as {
        row: T['$inferSelect'];
        zone: string | null;
      }[];
      for (const { row, zone } of rows) {
        const timeZone = memberTimeZone({ timeZone: zone });
        await setNext(tx, row.userId, schedule.next(row, now, timeZone), timeZone);
        await turn();
      }
      return rows.length < BATCH;
    });
    if (done) break;
    await yieldToLoop();
    // The rest keep no next time: the next pass goes on with them.
    if (overBudget()) break;
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
        await turn();
      }
      return { count, more: due.length === BATCH };
    });
    queued += count;
    if (!more) break;
    await yieldToLoop();
    // The rest stay due: the next pass goes on with them, still on their day or dropped.
    if (overBudget()) break;
  }
  if (queued > 0) ctx.mailer.kick();
  return queued;
}
