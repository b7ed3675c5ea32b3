import { and, eq, ne } from 'drizzle-orm';
import { memberSessions } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Rows of the front door's sessions, keyed by the hash of the cookie's session id. */
export function memberSessionsRepository(db: Db) {
  return {
    async get(idHash: string, tx: Db = db) {
      const [row] = await tx.select().from(memberSessions).where(eq(memberSessions.idHash, idHash));
      return row ?? null;
    },

    async save(
      row: { idHash: string; userId: number; data: unknown; createdAt: Date; lastSeenAt: Date },
      tx: Db = db,
    ) {
      await tx
        .insert(memberSessions)
        .values(row)
        .onConflictDoUpdate({
          target: memberSessions.idHash,
          set: { data: row.data, lastSeenAt: row.lastSeenAt },
        });
    },

    async touch(idHash: string, at: Date, tx: Db = db) {
      await tx
        .update(memberSessions)
        .set({ lastSeenAt: at })
        .where(eq(memberSessions.idHash, idHash));
    },

    async delete(idHash: string, tx: Db = db) {
      await tx.delete(memberSessions).where(eq(memberSessions.idHash, idHash));
    },

    /** Ends every session of a user, or every one but `except` (the one making the change). */
    async deleteForUser(userId: number, except: string | null = null, tx: Db = db) {
      await tx
        .delete(memberSessions)
        .where(
          and(
            eq(memberSessions.userId, userId),
            except === null ? undefined : ne(memberSessions.idHash, except),
          ),
        );
    },

    async countForUser(userId: number, tx: Db = db) {
      const rows = await tx
        .select({ idHash: memberSessions.idHash })
        .from(memberSessions)
        .where(eq(memberSessions.userId, userId));
      return rows.length;
    },
  };
}
