import { eq } from 'drizzle-orm';
import { teamCalls } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export type CallRow = typeof teamCalls.$inferSelect;

/** Each team's two weekly calls. */
export function teamCallsRepository(db: Db) {
  return {
    /** The team's calls, locked until `tx` ends when asked; null until an operator sets them. */
    async get(teamId: number, tx: Db = db, lock = false) {
      const query = tx.select().from(teamCalls).where(eq(teamCalls.teamId, teamId));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async upsert(values: typeof teamCalls.$inferInsert, tx: Db = db) {
      const [row] = await tx
        .insert(teamCalls)
        .values(values)
        .onConflictDoUpdate({ target: teamCalls.teamId, set: values })
        .returning();
      if (row === undefined) throw new Error('upsert returned no row');
      return row;
    },
  };
}
