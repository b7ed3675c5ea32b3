import { and, asc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import {
  emailTokens,
  joinRequests,
  memberships,
  secondFactors,
  signupKeys,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';

type UserRow = typeof users.$inferSelect;

/** The only fields of a user that leave the tracker on the public read routes. */
export function toPublicUser(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    image: u.image,
    about: u.about,
    goalSummary: u.goalSummary,
    status: u.status,
  };
}

export function usersRepository(db: Db) {
  return {
    async get(id: number, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** The user if they are an Active user and an Active member of some team, else null. */
    async getMember(id: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, id),
            eq(users.status, 'Active'),
            exists(
              tx
                .select({ one: sql`1` })
                .from(memberships)
                .where(and(eq(memberships.userId, users.id), eq(memberships.status, 'Active'))),
            ),
          ),
        );
      return row ?? null;
    },

    /**
     * The user as their owner sees them: whatever their standing, with the status of their place
     * on a team (Active once a membership is, Pending while one waits for approval), else the
     * account's own.
     */
    async getOwn(id: number, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      if (row === undefined) return null;
      const places = await tx
        .select({ status: memberships.status })
        .from(memberships)
        .where(eq(memberships.userId, id));
      const held = places.map((place) => place.status);
      const status =
        row.status !== 'Active'
          ? row.status
          : held.includes('Active')
            ? 'Active'
            : held.includes('Pending')
              ? 'Pending'
              : row.status;
      return { ...row, status };
    },

    async emailTaken(email: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row !== undefined;
    },

    async findByEmail(email: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row ?? null;
    },

    /** The account with this address, its row locked until `tx` ends (one resend at a time). */
    async lockByEmail(email: string, tx: Db) {
      const [row] = await tx
        .select({ id: users.id, name: users.name, emailConfirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .for('update');
      return row ?? null;
    },

    async setPasswordHash(id: number, passwordHash: string, tx: Db = db) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    /** Locks the account's row until `tx` ends (one change of the member's at a time). */
    async lock(id: number, tx: Db) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    },

    /** Sets the account's time zone; false when there is no such account. */
    async setTimeZone(id: number, timeZone: string, tx: Db = db) {
      const [row] = await tx
        .update(users)
        .set({ timeZone })
        .where(eq(users.id, id))
        .returning({ timeZone: users.timeZone });
      return row !== undefined;
    },

    /** Sets the account's time zone only where it has none yet. */
    async setTimeZoneIfNone(id: number, timeZone: string, tx: Db = db) {
      await tx
        .update(users)
        .set({ timeZone })
        .where(and(eq(users.id, id), isNull(users.timeZone)));
    },

    /** Changes the account's name, goal and about text; the row, or null. */
    async editProfile(
      id: number,
      changes: { name: string; goalSummary: string; about: string },
      tx: Db = db,
    ) {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** Deletes the account with its join requests, places on teams, email tokens and sign-up keys. */
    async deleteAccount(id: number, tx: Db) {
      await tx.delete(joinRequests).where(eq(joinRequests.userId, id));
      await tx.delete(memberships).where(eq(memberships.userId, id));
      await tx.delete(emailTokens).where(eq(emailTokens.userId, id));
      await tx.delete(signupKeys).where(eq(signupKeys.userId, id));
      await tx.delete(users).where(eq(users.id, id));
    },

    /** Whether an account has this id. */
    async exists(id: number, tx: Db = db) {
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
      return account !== undefined;
    },

    /** The names of the accounts `ids` name. */
    async namesOf(ids: number[], tx: Db = db) {
      return tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
    },

    async setRole(id: number, role: 'member' | 'operator', tx: Db = db) {
      await tx.update(users).set({ role }).where(eq(users.id, id));
    },

    /**
     * Every operator's row, oldest first, locked until `tx` ends. Take the operators' advisory
     * lock first (db/locks.ts): it also covers the moment there is no operator row to lock yet.
     */
    async lockOperators(tx: Db) {
      return tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.role, 'operator'))
        .orderBy(asc(users.id))
        .for('update');
    },

    async insert(values: typeof users.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateProfile(id: number, changes: { about?: string; image?: string }, tx: Db = db) {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** Every operator, oldest account first, and whether each has set up an authenticator. */
    async operators(tx: Db = db) {
      const rows = await tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          confirmedAt: secondFactors.confirmedAt,
        })
        .from(users)
        .leftJoin(secondFactors, eq(secondFactors.userId, users.id))
        .where(eq(users.role, 'operator'))
        .orderBy(asc(users.id));
      return rows.map(({ confirmedAt, ...operator }) => ({
        ...operator,
        authenticator: confirmedAt !== null,
      }));
    },
    async confirmEmail(id: number, at: Date, tx: Db = db) {
      // A confirmed address makes a new account Active; an Inactive one stays as an operator left it.
      await tx
        .update(users)
        .set({
          emailConfirmedAt: at,
          status: sql`CASE WHEN ${users.status} = 'Pending' THEN 'Active' ELSE ${users.status} END`,
        })
        .where(eq(users.id, id));
    },
  };
}
