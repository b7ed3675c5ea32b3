import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { holds } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export type HoldRow = typeof holds.$inferSelect;

export function holdsRepository(db: Db) {
  return {
    async insert(values: { teamId: number; owner: string; expiresAt: Date }, tx: Db = db) {
      const [row] = await tx
        .insert(holds)
        .values({ id: randomUUID(), ...values })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The owner's hold with this id, live or not; locked when `lock` is set. */
    async findOwned(id: string, owner: string, tx: Db = db, lock = false) {
      const query = tx
        .select()
        .from(holds)
        .where(and(eq(holds.id, id), eq(holds.owner, owner)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The owner's live hold at `now`, or null (an owner holds one seat at a time). */
    async liveOf(owner: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(holds)
        .where(and(eq(holds.owner, owner), gt(holds.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    /** Gives the hold to another owner (the seat and its expiry stay as they are). */
    async reown(id: string, owner: string, tx: Db = db) {
      await tx.update(holds).set({ owner }).where(eq(holds.id, id));
    },

    async extend(id: string, expiresAt: Date, tx: Db = db) {
      const [row] = await tx
        .update(holds)
        .set({ expiresAt, extensions: sql`${holds.extensions} + 1` })
        .where(eq(holds.id, id))
        .returning();
      return row ?? null;
    },

    /** Deletes the owner's hold; false when there was none. */
    async release(id: string, owner: string, tx: Db = db) {
      const rows = await tx
        .delete(holds)
        .where(and(eq(holds.id, id), eq(holds.owner, owner)))
        .returning({ id: holds.id });
      return rows.length > 0;
    },

    /** Gives back every hold of the owner: one browser session holds one seat at a time. */
    async releaseAll(owner: string, tx: Db = db) {
      await tx.delete(holds).where(eq(holds.owner, owner));
    },

    /**
     * Takes the owner's live hold on the team out of the table, returning it: the seat it held
     * passes to whatever the caller creates in the same transaction. Null when there is none.
     */
    async claim(owner: string, teamId: number, now: Date, tx: Db) {
      const rows = await tx
        .delete(holds)
        .where(and(eq(holds.owner, owner), eq(holds.teamId, teamId), gt(holds.expiresAt, now)))
        .returning();
      return rows[0] ?? null;
    },

    /** How many live holds each of the teams `teamIds` has at `now` (teams with none left out). */
    async liveCounts(teamIds: number[], now: Date, tx: Db = db) {
      return tx
        .select({ teamId: holds.teamId, n: count() })
        .from(holds)
        .where(and(inArray(holds.teamId, teamIds), gt(holds.expiresAt, now)))
        .groupBy(holds.teamId);
    },
  };
}
