import { and, eq } from 'drizzle-orm';
import { nudges } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export function nudgesRepository(db: Db) {
  return {
    /** Whom `fromUserId` nudged on `day` (the sender's day). */
    async sentBy(fromUserId: number, day: string, tx: Db = db) {
      return tx
        .select({ toUserId: nudges.toUserId })
        .from(nudges)
        .where(and(eq(nudges.fromUserId, fromUserId), eq(nudges.day, day)));
    },

    /** A nudge; false when the pair had one that day already (its unique key). */
    async insert(values: typeof nudges.$inferInsert, tx: Db = db) {
      const [row] = await tx
        .insert(nudges)
        .values(values)
        .onConflictDoNothing({ target: [nudges.fromUserId, nudges.toUserId, nudges.day] })
        .returning({ id: nudges.id });
      return row !== undefined;
    },
  };
}
