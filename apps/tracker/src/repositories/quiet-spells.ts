import { desc, eq } from 'drizzle-orm';
import { quietSpells } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The quiet spells a "we miss you" mail went out for, one per member and spell. */
export function quietSpellsRepository(db: Db) {
  return {
    /** The spell's row; false when it was mailed already (the unique member and first day). */
    async insert(values: { userId: number; firstDay: string; createdAt: Date }, tx: Db = db) {
      const [row] = await tx
        .insert(quietSpells)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: quietSpells.id });
      return row !== undefined;
    },

    /**
     * Marks the member's latest mailed spell answered with I'm back on `day`; false when they
     * were never mailed one.
     */
    async markBack(userId: number, day: string, tx: Db = db) {
      const [latest] = await tx
        .select({ id: quietSpells.id })
        .from(quietSpells)
        .where(eq(quietSpells.userId, userId))
        .orderBy(desc(quietSpells.firstDay))
        .limit(1);
      if (latest === undefined) return false;
      await tx.update(quietSpells).set({ backOn: day }).where(eq(quietSpells.id, latest.id));
      return true;
    },
  };
}
