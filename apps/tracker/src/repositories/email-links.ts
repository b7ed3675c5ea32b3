import { and, eq, isNull, or } from 'drizzle-orm';
import { type EmailLinkPurpose, emailLinks } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Links in mail that act without a sign-in, each stored as its token's hash. */
export function emailLinksRepository(db: Db) {
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
      const query = tx
        .select()
        .from(emailLinks)
        .where(
          and(
            eq(emailLinks.tokenHash, tokenHash),
            or(...purposes.map((p) => eq(emailLinks.purpose, p))),
          ),
        );
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async markUsed(id: number, at: Date, tx: Db = db) {
      await tx.update(emailLinks).set({ usedAt: at }).where(eq(emailLinks.id, id));
    },

    /** Marks the link used unless it is already; false when it was. */
    async take(id: number, at: Date, tx: Db = db) {
      const [taken] = await tx
        .update(emailLinks)
        .set({ usedAt: at })
        .where(and(eq(emailLinks.id, id), isNull(emailLinks.usedAt)))
        .returning({ id: emailLinks.id });
      return taken !== undefined;
    },

    /** Makes a taken link usable again (its answer failed). */
    async giveBack(id: number, tx: Db = db) {
      await tx.update(emailLinks).set({ usedAt: null }).where(eq(emailLinks.id, id));
    },
  };
}
