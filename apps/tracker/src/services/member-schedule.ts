import { localDay } from '@app/contracts';
import { and, asc, eq, isNotNull, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  type digestSettings,
  type recapSettings,
  type reminderSettings,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { afterLocalDay, yieldToLoop } from '../schedule.ts';
import type { TrackerContext } from './context.ts';
import { memberTimeZone } from './teammates.ts';

/**
 * Rows whose next time is worked out in one transaction: one read and one write, with a little
 * JavaScript between them (each row's next time in its zone), and no turn for the event loop
 * inside it.
 */
const BATCH = 50;
/** Due rows read at a time; each member's mail is then a transaction of its own. */
const DUE_BATCH = 50;

/**
 * A per-member schedule's settings table: one row per member, whether it is on, when it next falls
 * due (`next_at`) and the zone that time was worked out in.
 */
type SettingsTable = typeof reminderSettings | typeof recapSettings | typeof digestSettings;

/**
 * What one mail on a member's own clock needs (the reminders, the weekly recap, the digest). What
 * the mail says is read outside any transaction (`member`, `mail`: each statement on its own, so
 * other work is served between two of them) and only the writes that queue it (`send`) are made in
 * the member's transaction.
 */
export interface MemberSchedule<T extends SettingsTable, M, P> {
  table: T;
  /** When `row` next falls due from `now` in `timeZone`; null when it never does. */
  next(row: T['$inferSelect'], now: Date, timeZone: string): Date | null;
  /** What else a row needs to have a next time at all (the reminders: a weekday). */
  scheduled?: SQL;
  /** The member a due row is for, read outside a transaction; null when the account is gone. */
  member(db: Db, row: T['$inferSelect'], now: Date): Promise<M | null>;
  /** The zone the member's days are counted in now. */
  zone(member: M): string;
  /**
   * What the member's mail of `date` says, read and worked out outside a transaction; null when
   * they get none that day (paused, checked in, nothing to tell).
   */
  mail(db: Db, member: M, date: string): Promise<P | null>;
  /**
   * Queues `mail` in `tx`, the member's row still due and taken: writes only (and what keeps a
   * mail from being queued twice); true if it did.
   */
  send(tx: Db, member: M, date: string, mail: P): Promise<boolean>;
}

/**
 * How long one pass goes on before it leaves the rest to the next (the schedules run every
 * minute).
 */
const SCHEDULE_PASS_MS = 10_000;

/**
 * One pass of a schedule on each member's own clock (decision 24), at the tracker's now. It reads
 * only the rows that need it, each through an index, never every member's:
 * 1. rows whose next time is unknown get it worked out, BATCH at a time, each batch taken with
 *    FOR UPDATE SKIP LOCKED (another tracker skips them) and written back in one statement. The
 *    database keeps that set: a member who becomes Active gets a settings row (the defaults, next
 *    time unknown), and an account whose zone changes has its next times cleared (triggers of
 *    migration 0021);
 * 2. due rows are read DUE_BATCH at a time, the longest due first. For each, what the member's
 *    mail says is read and worked out first, outside any transaction, each statement on its own
 *    with a turn for the event loop after it; then a transaction of its own takes the row again
 *    with FOR UPDATE SKIP LOCKED, still due and with the next time and zone it was read with
 *    (else another tracker has it, or had it, or the member changed it meanwhile), queues the
 *    mail (only writes) when the member is still there and it is still that day on their clock
 *    (late because every tracker was down: still that day, else that one is dropped), and sets
 *    the next time.
 *
 * Each transaction is short, a few statements, and holds no turn of the event loop inside it; the
 * loop gets a turn after each one and between two reads. So the tracker's thread is held for one
 * statement, one batch of next times or one member's writes at a time at most, and on PGlite,
 * whose one connection a transaction holds until it ends, requests (and the readiness check) are
 * answered between two of them.
 *
 * The mail's own unique row (member and day, member and week) makes a retried pass send nothing
 * twice. A pass longer than SCHEDULE_PASS_MS leaves the rest to the next. Returns how many were
 * queued.
 */
export async function runMemberSchedule<T extends SettingsTable, M, P>(
  ctx: TrackerContext,
  schedule: MemberSchedule<T, M, P>,
): Promise<number> {
  const { db } = ctx.database;
  const { table } = schedule;
  // The three settings tables share these columns; drizzle's builders cannot see that through
  // the type parameter, so they are named through the union.
  const columns: SettingsTable = table;
  const now = ctx.trackerConfig.now();
  const setNext = (tx: Db, userId: number, nextAt: Date | null, timeZone: string) =>
    tx.update(columns).set({ nextAt, timeZone }).where(eq(columns.userId, userId));

  const started = performance.now();
  const overBudget = () => performance.now() - started > SCHEDULE_PASS_MS;

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
      if (rows.length > 0) {
        const worked = rows.map(({ row, zone }) => {
          const timeZone = memberTimeZone({ timeZone: zone });
          const nextAt = schedule.next(row, now, timeZone);
          return { userId: row.userId, nextAt: nextAt?.toISOString() ?? null, timeZone };
        });
        await tx.execute(sql`
          UPDATE ${columns} AS s SET next_at = x."nextAt", time_zone = x."timeZone"
          FROM jsonb_to_recordset(${JSON.stringify(worked)}::jsonb)
            AS x("userId" integer, "nextAt" timestamptz, "timeZone" text)
          WHERE s.user_id = x."userId"`);
      }
      return rows.length < BATCH;
    });
    if (done) break;
    await yieldToLoop();
    // The rest keep no next time: the next pass goes on with them.
    if (overBudget()) break;
  }

  const due = and(eq(columns.enabled, true), isNotNull(columns.nextAt), lte(columns.nextAt, now));
  /**
   * One member's due row: what their mail says is read first, outside a transaction, with a turn
   * for the event loop between two statements; then a transaction of its own takes the row again
   * with FOR UPDATE SKIP LOCKED, still due and unchanged since (else another tracker has it, or
   * had it, or the member changed their settings), queues the mail and sets the next time.
   * Whether the mail was queued, or null when the row was not there to take.
   */
  const handle = async (userId: number) => {
    const [read] = (await db
      .select()
      .from(columns)
      .where(and(eq(columns.userId, userId), due))) as T['$inferSelect'][];
    if (read === undefined || read.nextAt === null) return null;
    const nextAt = read.nextAt;
    await yieldToLoop();
    const member = await schedule.member(db, read, now);
    const timeZone = member ? schedule.zone(member) : (read.timeZone ?? '');
    let mail: { date: string; says: P } | null = null;
    if (member && timeZone === read.timeZone) {
      const date = localDay(nextAt, timeZone);
      const stillThatDay = now.getTime() < afterLocalDay(date, timeZone).getTime();
      const says = stillThatDay ? await schedule.mail(db, member, date) : null;
      if (says !== null) mail = { date, says };
    }
    await yieldToLoop();
    return db.transaction(async (tx) => {
      const [row] = (await tx
        .select()
        .from(columns)
        .where(
          and(
            eq(columns.userId, userId),
            due,
            // As it was read (a time written with microseconds reads to the millisecond).
            sql`date_trunc('milliseconds', ${columns.nextAt}) = ${nextAt}`,
            read.timeZone === null ? isNull(columns.timeZone) : eq(columns.timeZone, read.timeZone),
          ),
        )
        .for('update', { skipLocked: true })) as T['$inferSelect'][];
      if (row === undefined) return null;
      const sent =
        member !== null && mail !== null && (await schedule.send(tx, member, mail.date, mail.says));
      await setNext(tx, row.userId, member ? schedule.next(row, now, timeZone) : null, timeZone);
      return sent;
    });
  };

  let queued = 0;
  // A row handled leaves the due ones (its next time is later than now, or it has none); one not
  // taken (another tracker's) is not read again in this pass.
  const untaken: number[] = [];
  for (;;) {
    const rows = await db
      .select({ userId: columns.userId })
      .from(columns)
      .where(and(due, untaken.length > 0 ? notInArray(columns.userId, untaken) : undefined))
      .orderBy(asc(columns.nextAt), asc(columns.userId))
      .limit(DUE_BATCH);
    for (const { userId } of rows) {
      const sent = await handle(userId);
      if (sent === null) untaken.push(userId);
      else if (sent) queued++;
      await yieldToLoop();
    }
    if (rows.length < DUE_BATCH) break;
    // The rest stay due: the next pass goes on with them, still on their day or dropped.
    if (overBudget()) break;
  }
  if (queued > 0) ctx.mailer.kick();
  return queued;
}
