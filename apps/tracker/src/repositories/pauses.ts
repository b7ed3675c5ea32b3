import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import { pauseStarts, pauses } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export function pausesRepository(db: Db) {
  return {
    /** The pauses of `userIds`, oldest first. */
    async ofUsers(userIds: number[], tx: Db = db) {
      return tx
        .select({ userId: pauses.userId, firstDay: pauses.firstDay, lastDay: pauses.lastDay })
        .from(pauses)
        .where(inArray(pauses.userId, userIds))
        .orderBy(asc(pauses.firstDay));
    },

    /** Whether `day` is in one of the member's pauses (a row id, or null). */
    async anyOn(userId: number, day: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: pauses.id })
        .from(pauses)
        .where(and(eq(pauses.userId, userId), lte(pauses.firstDay, day), gte(pauses.lastDay, day)))
        .limit(1);
      return row ?? null;
    },

    /** The member's pause `day` is in, whole, or null. */
    async on(userId: number, day: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(pauses)
        .where(and(eq(pauses.userId, userId), lte(pauses.firstDay, day), gte(pauses.lastDay, day)));
      return row ?? null;
    },

    /** Stores a new pause and its start, which stays when the pause is ended or taken back. */
    async insert(values: typeof pauses.$inferInsert, tx: Db = db) {
      await tx.insert(pauses).values(values);
      await tx
        .insert(pauseStarts)
        .values({ userId: values.userId, firstDay: values.firstDay, createdAt: values.createdAt });
    },

    /** How many pauses each of `userIds` started from `first` to `last` (absent: none). */
    async startsBetween(userIds: number[], first: string, last: string, tx: Db = db) {
      const counts = new Map<number, number>();
      if (userIds.length === 0) return counts;
      const rows = await tx
        .select({ userId: pauseStarts.userId, n: count() })
        .from(pauseStarts)
        .where(
          and(
            inArray(pauseStarts.userId, userIds),
            gte(pauseStarts.firstDay, first),
            lte(pauseStarts.firstDay, last),
          ),
        )
        .groupBy(pauseStarts.userId);
      for (const row of rows) counts.set(row.userId, row.n);
      return counts;
    },

    async delete(id: number, tx: Db = db) {
      await tx.delete(pauses).where(eq(pauses.id, id));
    },

    async setLastDay(id: number, lastDay: string, tx: Db = db) {
      await tx.update(pauses).set({ lastDay }).where(eq(pauses.id, id));
    },
  };
}
