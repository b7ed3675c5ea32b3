import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { type EmailLinkPurpose, emailLinks } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Links in mail that act without a sign-in, each stored as its token's hash. */
export function emailLinksRepository(db: Db) {
  const ofToken = (tokenHash: string, purposes: readonly EmailLinkPurpose[]) =>
    and(eq(emailLinks.tokenHash, tokenHash), inArray(emailLinks.purpose, [...purposes]));
  return {
    async insert(values: typeof emailLinks.$inferInsert, tx: Db = db) {
      await tx.insert(emailLinks).values(values);
    },

    /** The link with this token hash for one of `purposes`, locked when asked; else null. */
    async find(
      tokenHash: string,
      purposes: readonly EmailLinkPurpose[],
      lock = false,
      tx: Db = db,
    ) {
      const query = tx.select().from(emailLinks).where(ofToken(tokenHash, purposes));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async markUsed(id: number, at: Date, tx: Db = db) {
      await tx.update(emailLinks).set({ usedAt: at }).where(eq(emailLinks.id, id));
    },

    /**
     * Marks the link used at `at` when it is unused and unexpired then, in one statement: of two
     * at once, the second waits for the first's transaction and finds it used. The row, or null.
     */
    async take(tokenHash: string, purposes: readonly EmailLinkPurpose[], at: Date, tx: Db = db) {
      const [row] = await tx
        .update(emailLinks)
        .set({ usedAt: at })
        .where(
          and(
            ofToken(tokenHash, purposes),
            isNull(emailLinks.usedAt),
            gt(emailLinks.expiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
