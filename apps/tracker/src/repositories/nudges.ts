import { nudges } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export function nudgesRepository(db: Db) {
  return {
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
