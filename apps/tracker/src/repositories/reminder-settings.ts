import { inArray } from 'drizzle-orm';
import { reminderSettings } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The members' reminder settings as other features read them (the schedule keeps its own). */
export function reminderSettingsRepository(db: Db) {
  return {
    /** Each of `userIds`' reminder weekdays (their check-in days), where they set them. */
    async weekdaysOf(userIds: number[], tx: Db = db) {
      return tx
        .select({ userId: reminderSettings.userId, weekdays: reminderSettings.weekdays })
        .from(reminderSettings)
        .where(inArray(reminderSettings.userId, userIds));
    },
  };
}
