import { recaps } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The weekly recaps made. */
export function recapsRepository(db: Db) {
  return {
    /** The (member, week) row; false when the recap was made already. */
    async insert(values: { userId: number; weekStart: string; createdAt: Date }, tx: Db = db) {
      const [made] = await tx
        .insert(recaps)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: recaps.id });
      return made !== undefined;
    },
  };
}
