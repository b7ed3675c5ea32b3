import { eq } from 'drizzle-orm';
import { emailTokens } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export function emailTokensRepository(db: Db) {
  return {
    async insert(values: { userId: number; tokenHash: string; expiresAt: Date }, tx: Db = db) {
      await tx.insert(emailTokens).values(values);
    },

    async findForUpdate(tokenHash: string, tx: Db) {
      const [row] = await tx
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },

    async markUsed(id: number, at: Date, tx: Db = db) {
      await tx.update(emailTokens).set({ usedAt: at }).where(eq(emailTokens.id, id));
    },
  };
}
