import type { Db } from '../db/client.ts';
import { bookings, feedback, onboardingSelections } from '../db/schema.ts';

/** What visitors send without an account: info-call bookings, feedback, onboarding choices. */
export function submissionsRepository(db: Db) {
  return {
    async addBooking(values: typeof bookings.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async addFeedback(values: typeof feedback.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(feedback).values(values).returning({ id: feedback.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
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
