import { HttpError } from '@app/server-kit';
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import { bookings, feedback, onboardingSelections } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

const keyReused = () =>
  new HttpError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a submission with other details.',
  );

/** The fields a submission sent again must repeat for its key to answer with the first one. */
function sameSubmission(
  first: Record<string, unknown>,
  again: Record<string, unknown>,
  fields: string[],
) {
  return fields.every((field) => first[field] === again[field]);
}

/**
 * What visitors send without an account: info-call bookings, feedback, onboarding choices. A
 * booking or feedback with an idempotency key is stored once: the same key again answers with the
 * first row (`created: false`), so a button pressed again after a lost answer never makes two.
 */
export function submissionsRepository(db: Db) {
  return {
    async addBooking(values: typeof bookings.$inferInsert, tx: Db = db) {
      const key = values.idempotencyKey;
      const find = async () =>
        key
          ? (await tx.select().from(bookings).where(eq(bookings.idempotencyKey, key)))[0]
          : undefined;
      // A key seen before answers with its row; the insert's ON CONFLICT covers two at once.
      const seen = await find();
      const [row] = seen
        ? []
        : await tx
            .insert(bookings)
            .values(values)
            .onConflictDoNothing({ target: bookings.idempotencyKey })
            .returning({ id: bookings.id, slotAt: bookings.slotAt });
      if (row) return { ...row, created: true };
      const first = seen ?? (await find());
      if (!first) throw new Error('insert returned no row');
      if (!sameSubmission(first, values, ['name', 'email', 'phone', 'category'])) throw keyReused();
      return { id: first.id, slotAt: first.slotAt, created: false };
    },
    async addFeedback(values: typeof feedback.$inferInsert, tx: Db = db) {
      const key = values.idempotencyKey;
      const find = async () =>
        key
          ? (await tx.select().from(feedback).where(eq(feedback.idempotencyKey, key)))[0]
          : undefined;
      const seen = await find();
      const [row] = seen
        ? []
        : await tx
            .insert(feedback)
            .values(values)
            .onConflictDoNothing({ target: feedback.idempotencyKey })
            .returning({ id: feedback.id });
      if (row) return row.id;
      const first = seen ?? (await find());
      if (!first) throw new Error('insert returned no row');
      if (!sameSubmission(first, values, ['name', 'email', 'feedback', 'category'])) {
        throw keyReused();
      }
      return first.id;
    },
    async addOnboarding(values: typeof onboardingSelections.$inferInsert, tx: Db = db) {
      const [row] = await tx
        .insert(onboardingSelections)
        .values(values)
        .returning({ id: onboardingSelections.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Info calls from `from` on, soonest first, a page of them, with how many there are. */
    async upcomingCalls(from: Date, limit: number, offset: number, tx: Db = db) {
      const upcoming = gte(bookings.slotAt, from);
      const [total] = await tx.select({ n: count() }).from(bookings).where(upcoming);
      const rows = await tx
        .select()
        .from(bookings)
        .where(upcoming)
        .orderBy(asc(bookings.slotAt), asc(bookings.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    /** Info calls from `from` until before `until`, soonest first, at most `limit`. */
    async callsBetween(from: Date, until: Date, limit: number, tx: Db = db) {
      return tx
        .select()
        .from(bookings)
        .where(and(gte(bookings.slotAt, from), lt(bookings.slotAt, until)))
        .orderBy(asc(bookings.slotAt), asc(bookings.id))
        .limit(limit);
    },

    /** The booking, locked until `tx` ends; null when there is none. */
    async lockBooking(id: number, tx: Db) {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      return row ?? null;
    },

    async setCallOutcome(id: number, outcome: 'held' | 'no-show', tx: Db = db) {
      const [row] = await tx
        .update(bookings)
        .set({ outcome })
        .where(eq(bookings.id, id))
        .returning();
      return row ?? null;
    },

    /** Feedback newest first, of one category or all, a page of it, with how much there is. */
    async feedbackPage(category: string | undefined, limit: number, offset: number, tx: Db = db) {
      const where = category ? eq(feedback.category, category) : undefined;
      const [total] = await tx.select({ n: count() }).from(feedback).where(where);
      const rows = await tx
        .select()
        .from(feedback)
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    /** The feedback, locked until `tx` ends; null when there is none. */
    async lockFeedback(id: number, tx: Db) {
      const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
      return row ?? null;
    },

    async markFeedbackRead(id: number, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(feedback)
        .set({ readAt: at })
        .where(and(eq(feedback.id, id)))
        .returning();
      return row ?? null;
    },
  };
}
