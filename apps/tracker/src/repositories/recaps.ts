import { recapSettings, recaps } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The weekly recaps made and each member's recap setting. */
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

    /** Turns the member's recaps off. */
    async turnOff(userId: number, tx: Db = db) {
      await tx
        .insert(recapSettings)
        .values({ userId, enabled: false, nextAt: null })
        .onConflictDoUpdate({
          target: recapSettings.userId,
          set: { enabled: false, nextAt: null },
        });
    },
  };
}
