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
  };
}
