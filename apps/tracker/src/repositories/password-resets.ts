import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Single-use links that set an account's password, each stored as its token's hash. */
export function passwordResetsRepository(db: Db) {
  return {
    async insert(values: { userId: number; tokenHash: string; expiresAt: Date }, tx: Db = db) {
      await tx.insert(passwordResets).values(values);
    },

    /** When the link was used and when it expires, or null for an unknown token. */
    async stateOf(tokenHash: string, tx: Db = db) {
      const [reset] = await tx
        .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash));
      return reset ?? null;
    },

    /** The link's row, locked until `tx` ends; null for an unknown token. */
    async lock(tokenHash: string, tx: Db) {
      const [reset] = await tx
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash))
        .for('update');
      return reset ?? null;
    },

    async markUsed(id: number, at: Date, tx: Db = db) {
      await tx.update(passwordResets).set({ usedAt: at }).where(eq(passwordResets.id, id));
    },

    /** Ends the account's unused links (they would sign it in again). */
    async deleteUnused(userId: number, tx: Db = db) {
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },
  };
}
