import { HttpError } from '@app/server-kit';
import { eq } from 'drizzle-orm';
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
  };
}
