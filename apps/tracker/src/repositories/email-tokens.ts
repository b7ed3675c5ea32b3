import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailTokens } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Single-use links that confirm an account's address, each stored as its token's hash. */
export function emailTokensRepository(db: Db) {
  return {
    async insert(values: { userId: number; tokenHash: string; expiresAt: Date }, tx: Db = db) {
      await tx.insert(emailTokens).values(values);
    },

    async find(tokenHash: string, tx: Db = db) {
      const [row] = await tx.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Marks the link used at `at` when it is unused and unexpired then: the row, or null. */
    async take(tokenHash: string, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
