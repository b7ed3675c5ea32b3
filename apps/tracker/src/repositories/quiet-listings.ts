import { asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { lastAnswers, quietListings, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** A member's quiet spell as worked out at `scoredAt`, good until `freshUntil`. */
export interface QuietListing {
  userId: number;
  teamId: number;
  days: number;
  since: string | null;
  listed: boolean;
  freshUntil: Date;
}

/**
 * The kept quiet spells (quiet_listings): which need working out again, writing them, and the
 * console's page of the listed ones, each through an index of its own.
 */
export function quietListingsRepository(db: Db) {
  return {
    /**
     * Up to `limit` members whose row no longer holds at `now` (stale, past its freshUntil, or
     * worked out at a later clock than `now`), locked for this transaction; `skipLocked` leaves
     * those another pass holds.
     */
    async stale(now: Date, limit: number, skipLocked: boolean, tx: Db = db) {
      const lock = skipLocked ? ({ skipLocked: true } as const) : undefined;
      const past = await tx
        .select({ userId: quietListings.userId })
        .from(quietListings)
        .where(lte(quietListings.freshUntil, now))
        .orderBy(asc(quietListings.freshUntil))
        .limit(limit)
        .for('update', lock);
      if (past.length === limit) return past.map((r) => r.userId);
      const ahead = await tx
        .select({ userId: quietListings.userId })
        .from(quietListings)
        .where(gt(quietListings.scoredAt, now))
        .orderBy(asc(quietListings.scoredAt))
        .limit(limit - past.length)
        .for('update', lock);
      return [...new Set([...past, ...ahead].map((r) => r.userId))];
    },

    /** Writes the rows worked out at `scoredAt`. */
    async keep(rows: readonly QuietListing[], scoredAt: Date, tx: Db = db) {
      if (rows.length === 0) return;
      const values = JSON.stringify(
        rows.map((r) => ({ ...r, freshUntil: r.freshUntil.toISOString() })),
      );
      await tx.execute(sql`
        UPDATE quiet_listings q SET team_id = x."teamId", days = x.days, since = x.since,
          listed = x.listed, scored_at = ${scoredAt}, fresh_until = x."freshUntil"
        FROM jsonb_to_recordset(${values}::jsonb) AS x("userId" integer, "teamId" integer,
          days integer, since date, listed boolean, "freshUntil" timestamptz)
        WHERE q.user_id = x."userId"`);
    },

    /** Drops the rows of `userIds` (no longer Active members on a team). */
    async drop(userIds: readonly number[], tx: Db = db) {
      if (userIds.length === 0) return;
      await tx.delete(quietListings).where(inArray(quietListings.userId, [...userIds]));
    },

    /**
     * One page of the listed members, the longest spell first (then by account), with their
     * accounts and last answered day, and how many are listed: reads of quiet_listings_page_idx.
     */
    async page(page: { limit: number; offset: number }, tx: Db = db) {
      // The page's rows first (the index, in its order), then their accounts: only the page's.
      const listed = tx
        .select({
          userId: quietListings.userId,
          teamId: quietListings.teamId,
          days: quietListings.days,
          since: quietListings.since,
        })
        .from(quietListings)
        .where(eq(quietListings.listed, true))
        .orderBy(sql`${quietListings.days} DESC NULLS LAST`, asc(quietListings.userId))
        .limit(page.limit)
        .offset(page.offset)
        .as('listed');
      const rows = await tx
        .select({
          user: users,
          teamId: listed.teamId,
          days: listed.days,
          since: listed.since,
          lastAnswer: lastAnswers.day,
        })
        .from(listed)
        .innerJoin(users, eq(users.id, listed.userId))
        .leftJoin(lastAnswers, eq(lastAnswers.userId, listed.userId))
        .orderBy(sql`${listed.days} DESC`, asc(listed.userId));
      const [total] = await tx
        .select({ n: count() })
        .from(quietListings)
        .where(eq(quietListings.listed, true));
      return { rows, total: total?.n ?? 0 };
    },
  };
}
