import { eq, lt } from 'drizzle-orm';
import { signupKeys } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export function signupKeysRepository(db: Db) {
  return {
    async find(key: string, tx: Db = db) {
      const [row] = await tx.select().from(signupKeys).where(eq(signupKeys.key, key));
      return row ?? null;
    },

    async insert(values: typeof signupKeys.$inferInsert, tx: Db = db) {
      await tx.insert(signupKeys).values(values);
    },

    /** Keys only have to outlive a browser's retries; older ones are forgotten. */
    async deleteOlderThan(before: Date, tx: Db = db) {
      await tx.delete(signupKeys).where(lt(signupKeys.createdAt, before));
    },
  };
}
