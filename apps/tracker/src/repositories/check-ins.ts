import type { CheckInReply, Person } from '@app/contracts';
import { and, asc, between, eq, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { preparedOn } from '../db/prepared.ts';
import { rowsOf } from '../db/rows.ts';
import { checkInReplies, checkIns, cheers, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export type CheckInRow = typeof checkIns.$inferSelect;

/** A check-in's cheerers as a statement reads them: [id, name] pairs, oldest cheer first. */
export type CheerersJson = [number, string][] | null;
/** A check-in's replies as a statement reads them: [id, author's id, name, text, ms since the epoch]. */
export type RepliesJson = [number, number, string, string, string][] | null;

/**
 * The cheerers of the check-in `checkInId` names in a statement, as JSON (null for none). Only a
 * Yes shows its cheers: the statement says when to read them.
 */
export const cheerersOf = (checkInId: SQLWrapper): SQL<CheerersJson> => sql`(
  SELECT json_agg(json_build_array(u.id, u.name) ORDER BY ch.id)
  FROM cheers ch JOIN users u ON u.id = ch.user_id
  WHERE ch.check_in_id = ${checkInId})`;

/** The replies to the check-in `checkInId` names in a statement, as JSON (null for none). */
export const repliesTo = (checkInId: SQLWrapper): SQL<RepliesJson> => sql`(
  SELECT json_agg(json_build_array(r.id, u.id, u.name, r.text,
           floor(extract(epoch FROM r.created_at) * 1000)::bigint::text) ORDER BY r.id)
  FROM check_in_replies r JOIN users u ON u.id = r.user_id
  WHERE r.check_in_id = ${checkInId})`;

/** What `cheerersOf` read, as people. */
export const cheerersFrom = (json: CheerersJson): Person[] =>
  (json ?? []).map(([id, name]) => ({ id, name }));

/** What `repliesTo` read, as the API gives replies. */
export const repliesFrom = (json: RepliesJson): CheckInReply[] =>
  (json ?? []).map(([id, authorId, authorName, text, created]) => ({
    id,
    author: { id: authorId, name: authorName },
    text,
    createdAt: new Date(Number(created)).toISOString(),
  }));

/** The check-ins aggregate: members' answers, the cheers they got and the replies to their notes. */
export function checkInsRepository(db: Db) {
  const sinceStatement = preparedOn(db, (on) =>
    on
      .select({
        row: checkIns,
        // Named with the table: drizzle writes a column of a one-table statement unqualified,
        // which the subqueries would take for their own tables' column of that name.
        cheers: sql<CheerersJson>`CASE WHEN check_ins.done THEN ${cheerersOf(sql`check_ins.id`)} END`,
        replies: repliesTo(sql`check_ins.id`),
      })
      .from(checkIns)
      .where(
        and(
          eq(checkIns.userId, sql.placeholder('userId')),
          between(checkIns.day, sql.placeholder('since'), sql.placeholder('until')),
        ),
      )
      .prepare('check_ins_of_user_since'),
  );
  return {
    /** The member's check-in for one of their days, or null. */
    async on(userId: number, day: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.userId, userId), eq(checkIns.day, day)));
      return row ?? null;
    },

    /** Every answer of the member. */
    async ofUser(userId: number, tx: Db = db) {
      return tx.select().from(checkIns).where(eq(checkIns.userId, userId));
    },

    /**
     * The member's check-ins from `since` to `until` (both included), each with its cheers (those
     * of a Yes: the cheerers' ids and names, oldest first) and its replies (id, author's id and
     * name, text, ms since the epoch; oldest first), in one statement. Both ends are given so
     * that the statement is planned once: with `since` alone the planner's guess for a generic
     * plan is a third of the member's days, and it planned the statement again for each read
     * (about 1 ms of the home's 3 on PGlite at 10,000 members); with a range its guess is a few
     * days, and the one plan is kept.
     */
    async ofUserSince(userId: number, since: string, until: string, tx: Db = db) {
      const rows = await sinceStatement(tx).execute({ userId, since, until });
      return rows.map(({ row, cheers, replies }) => ({
        ...row,
        cheers: cheerersFrom(cheers),
        replies: repliesFrom(replies),
      }));
    },

    /** Each of `userIds`' answers (day and whether Yes), in no order. */
    async answersOf(userIds: number[], tx: Db = db) {
      return tx
        .select({ userId: checkIns.userId, day: checkIns.day, done: checkIns.done })
        .from(checkIns)
        .where(inArray(checkIns.userId, userIds));
    },

    /**
     * Each member's answers in a window, and their first and latest answers: `since` null is from
     * their last answer up to `today` on. One row per answer, ordered by member and day, with its
     * member's `first`, `latest` and `last` (up to today); a member without an answer in the
     * window has one row with a null day. Every part is read by the unique (user_id, day) index,
     * and each member's first, latest and last once: the OFFSET 0 keeps the planner from pulling
     * the three up into the join, where they were worked out again for every answer read (three
     * index reads per answer: 20 ms for a year of a member's history on a loaded server). The
     * answers are a subquery per member for the same reason: joined, the planner takes the
     * members' count for a hundred (a function's rows) and, on a table of a few hundred thousand
     * answers laid out day by day, hashed them against every answer read whole (155 ms at 1,000
     * members on PGlite, against 1.1 ms through the index).
     */
    async answersIn(
      windows: readonly { id: number; today: string; since: string | null }[],
      tx: Db = db,
    ) {
      const result = await tx.execute(sql`
        SELECT v.id AS user_id, f.first::text AS first, f.latest::text AS latest,
               f.last::text AS last, c.day::text AS day, c.done
        FROM jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) AS v(id int, today date, since date)
        CROSS JOIN LATERAL (
          SELECT (SELECT min(day) FROM check_ins WHERE user_id = v.id) AS first,
                 (SELECT max(day) FROM check_ins WHERE user_id = v.id) AS latest,
                 (SELECT max(day) FROM check_ins WHERE user_id = v.id AND day <= v.today) AS last
          OFFSET 0
        ) f
        LEFT JOIN LATERAL (
          SELECT day, done FROM check_ins
          WHERE user_id = v.id AND day >= coalesce(v.since, f.last, '0001-01-01'::date)
          OFFSET 0
        ) c ON true
        ORDER BY v.id, c.day`);
      return rowsOf<{
        user_id: number;
        first: string | null;
        latest: string | null;
        last: string | null;
        day: string | null;
        done: boolean | null;
      }>(result);
    },

    /**
     * Records the member's answer for a day, or changes it; returns the row. With `unlessNewerThan`
     * (an answer kept offline, given then) a stored answer updated after that time stays as it is,
     * and null is returned: the check and the write are one statement, so an answer arriving
     * meanwhile cannot slip between them.
     */
    async upsert(
      values: {
        userId: number;
        day: string;
        done: boolean;
        note: string | null;
        at: Date;
        unlessNewerThan?: Date;
      },
      tx: Db = db,
    ) {
      const { userId, day, done, note, at, unlessNewerThan } = values;
      const [row] = await tx
        .insert(checkIns)
        .values({ userId, day, done, note, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [checkIns.userId, checkIns.day],
          set: { done, note, updatedAt: at },
          ...(unlessNewerThan ? { setWhere: lte(checkIns.updatedAt, unlessNewerThan) } : {}),
        })
        .returning();
      if (row === undefined && unlessNewerThan === undefined) {
        throw new Error('upsert returned no row');
      }
      return row ?? null;
    },

    /** The cheerers of the check-in (oldest cheer first): none unless it is a Yes. */
    async cheerersOn(checkInId: number, tx: Db = db): Promise<Person[]> {
      const [row] = rowsOf<{ cheers: CheerersJson }>(
        await tx.execute(sql`
          SELECT CASE WHEN c.done THEN ${cheerersOf(sql`c.id`)} END AS cheers
          FROM check_ins c WHERE c.id = ${checkInId}`),
      );
      return cheerersFrom(row?.cheers ?? null);
    },

    /** A cheer; a second by the same person finds the unique row and changes nothing. */
    async cheer(checkInId: number, userId: number, at: Date, tx: Db = db) {
      await tx
        .insert(cheers)
        .values({ checkInId, userId, createdAt: at })
        .onConflictDoNothing({ target: [cheers.checkInId, cheers.userId] });
    },

    async uncheer(checkInId: number, userId: number, tx: Db = db) {
      await tx
        .delete(cheers)
        .where(and(eq(cheers.checkInId, checkInId), eq(cheers.userId, userId)));
    },

    async insertReply(
      values: { checkInId: number; userId: number; text: string; createdAt: Date },
      tx: Db = db,
    ) {
      const [saved] = await tx.insert(checkInReplies).values(values).returning();
      if (saved === undefined) throw new Error('insert returned no row');
      return saved;
    },

    /** The cheers on the Yes check-ins of `userIds` on `days`, with the cheerer's name, by day. */
    async cheersOnDays(userIds: number[], days: string[], tx: Db = db) {
      return tx
        .select({ owner: checkIns.userId, day: checkIns.day, by: users.name })
        .from(cheers)
        .innerJoin(checkIns, eq(checkIns.id, cheers.checkInId))
        .innerJoin(users, eq(users.id, cheers.userId))
        .where(
          and(
            inArray(checkIns.userId, userIds),
            inArray(checkIns.day, days),
            eq(checkIns.done, true),
          ),
        )
        .orderBy(asc(checkIns.day), asc(cheers.id));
    },
  };
}
