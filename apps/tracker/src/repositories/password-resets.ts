import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Single-use links that set an account's password, each stored as its token's hash. */
export function passwordResetsRepository(db: Db) {
  return {
    async insert(values: { userId: number; tokenHash: string; expiresAt: Date }, tx: Db = db) {
      await tx.insert(passwordResets).values(values);
    },

    async find(tokenHash: string, tx: Db = db) {
      const [reset] = await tx
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash));
      return reset ?? null;
    },

    /** Marks the link used at `at` when it is unused and unexpired then: the row, or null. */
    async take(tokenHash: string, at: Date, tx: Db = db) {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: at })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        )
        .returning();
      return reset ?? null;
    },

    /** Ends the account's unused links (they would sign it in again). */
    async deleteUnused(userId: number, tx: Db = db) {
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },
  };
}
