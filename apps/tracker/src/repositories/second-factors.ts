import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { recoveryCodes, secondFactors } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** An operator's second factor: the authenticator's secret and the recovery codes' hashes. */
export function secondFactorsRepository(db: Db) {
  return {
    /** The operator's factor, locked until `tx` ends when asked; null when none was started. */
    async get(userId: number, tx: Db = db, lock = false) {
      const query = tx.select().from(secondFactors).where(eq(secondFactors.userId, userId));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** When the operator's factor was confirmed (null: not yet), locked when asked; null: none. */
    async confirmedAt(userId: number, tx: Db = db, lock = false) {
      const query = tx
        .select({ confirmedAt: secondFactors.confirmedAt })
        .from(secondFactors)
        .where(eq(secondFactors.userId, userId));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** A pending factor with this secret, unless one was started already. */
    async start(userId: number, totpSecret: string, tx: Db = db) {
      await tx.insert(secondFactors).values({ userId, totpSecret }).onConflictDoNothing();
    },

    async confirm(userId: number, at: Date, step: number, tx: Db = db) {
      await tx
        .update(secondFactors)
        .set({ confirmedAt: at, lastStep: step })
        .where(eq(secondFactors.userId, userId));
    },

    /** Records `step` as the last code's unless it is not newer; false when it was not. */
    async takeStep(userId: number, step: number, tx: Db = db) {
      const taken = await tx
        .update(secondFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(secondFactors.userId, userId),
            or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
          ),
        )
        .returning({ userId: secondFactors.userId });
      return taken.length > 0;
    },

    /** Removes the operator's factor and every recovery code. */
    async deleteForUser(userId: number, tx: Db = db) {
      await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },

    /** These recovery code hashes in place of every earlier one, used or not. */
    async replaceRecoveryCodes(userId: number, codeHashes: string[], tx: Db = db) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    async unusedRecoveryCodes(userId: number, tx: Db = db) {
      const [left] = await tx
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return left?.n ?? 0;
    },

    /** Uses up the operator's unused recovery code with this hash; false when there is none. */
    async useRecoveryCode(userId: number, codeHash: string, at: Date, tx: Db = db) {
      const used = await tx
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return used.length > 0;
    },
  };
}
