import { and, asc, eq, lt } from 'drizzle-orm';
import { passkeyChallenges, passkeys } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** Passkeys of members and operators, and the one-use challenges of their ceremonies. */
export function passkeysRepository(db: Db) {
  return {
    /** The account's passkeys, oldest first. */
    async forUser(userId: number, tx: Db = db) {
      return tx
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    /** The passkey with this credential id, whoever's it is; null when none. */
    async byCredentialId(credentialId: string, tx: Db = db) {
      const [row] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row ?? null;
    },

    /** The account's passkey `id`, locked until `tx` ends when asked; null when not theirs. */
    async own(userId: number, id: number, tx: Db = db, lock = false) {
      const query = tx
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insert(row: typeof passkeys.$inferInsert, tx: Db = db) {
      const [made] = await tx.insert(passkeys).values(row).returning();
      if (made === undefined) throw new Error('The passkey was not stored.');
      return made;
    },

    async rename(userId: number, id: number, name: string, tx: Db = db) {
      const [row] = await tx
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** Removes the account's passkey `id`; the row removed, or null when it was not theirs. */
    async remove(userId: number, id: number, tx: Db = db) {
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** Removes every passkey of the account; how many there were. */
    async removeAll(userId: number, tx: Db = db) {
      const gone = await tx
        .delete(passkeys)
        .where(eq(passkeys.userId, userId))
        .returning({ id: passkeys.id });
      return gone.length;
    },

    /**
     * Records a use and its counter, unless another use changed the counter since it was read as
     * `from` (two answers at once: one loses). False when it lost that race.
     */
    async used(id: number, from: number, counter: number, at: Date, tx: Db = db) {
      const kept = await tx
        .update(passkeys)
        .set({ counter, lastUsedAt: at })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, from)))
        .returning({ id: passkeys.id });
      return kept.length > 0;
    },

    async saveChallenge(row: typeof passkeyChallenges.$inferInsert, tx: Db = db) {
      await tx.insert(passkeyChallenges).values(row);
    },

    /**
     * Takes the challenge for good (a second answer to it finds nothing): its row when it was
     * handed out for `purpose` (and `userId`, or to nobody signed in) and has not expired.
     */
    async takeChallenge(
      challenge: string,
      purpose: ChallengePurpose,
      userId: number | null,
      now: Date,
      tx: Db = db,
    ) {
      const [row] = await tx
        .delete(passkeyChallenges)
        .where(eq(passkeyChallenges.challenge, challenge))
        .returning();
      if (row === undefined || row.purpose !== purpose || row.userId !== userId) return null;
      return row.expiresAt.getTime() > now.getTime() ? row : null;
    },

    /** Deletes challenges that expired before `now`. */
    async dropExpired(now: Date, tx: Db = db) {
      await tx.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    },
  };
}
