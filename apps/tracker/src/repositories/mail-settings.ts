import { MAIL_KINDS, type MailKind, type MailSettings, REMINDER_DEFAULTS } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import { digestSettings, nudgeSettings, recapSettings, reminderSettings } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Each kind's settings table; a member without a row has the kind's default. */
const TABLES = {
  reminders: reminderSettings,
  recaps: recapSettings,
  digest: digestSettings,
  nudges: nudgeSettings,
} as const;

/** A kind when the member never set it: the daily digest is off until turned on. */
const DEFAULTS: MailSettings = { reminders: true, recaps: true, digest: false, nudges: true };

/** Whether each kind of mail is on for a member, one settings table per kind. */
export function mailSettingsRepository(db: Db) {
  return {
    async of(userId: number, tx: Db = db): Promise<MailSettings> {
      const settings = { ...DEFAULTS };
      for (const kind of MAIL_KINDS) {
        const table = TABLES[kind];
        const [row] = await tx
          .select({ enabled: table.enabled })
          .from(table)
          .where(eq(table.userId, userId));
        if (row !== undefined) settings[kind] = row.enabled;
      }
      return settings;
    },

    /**
     * Turns one kind on or off. A schedule's next time is worked out again on its next pass;
     * reminders turned on with no weekday left get the default days.
     */
    async set(userId: number, kind: MailKind, enabled: boolean, tx: Db = db) {
      if (kind === 'reminders') {
        const [row] = await tx
          .insert(reminderSettings)
          .values({ userId, enabled, nextAt: null })
          .onConflictDoUpdate({ target: reminderSettings.userId, set: { enabled, nextAt: null } })
          .returning({ weekdays: reminderSettings.weekdays });
        if (enabled && row?.weekdays.length === 0) {
          await tx
            .update(reminderSettings)
            .set({ weekdays: [...REMINDER_DEFAULTS.weekdays] })
            .where(eq(reminderSettings.userId, userId));
        }
        return;
      }
      if (kind === 'nudges') {
        await tx
          .insert(nudgeSettings)
          .values({ userId, enabled })
          .onConflictDoUpdate({ target: nudgeSettings.userId, set: { enabled } });
        return;
      }
      const table = TABLES[kind];
      await tx
        .insert(table)
        .values({ userId, enabled, nextAt: null })
        .onConflictDoUpdate({
          target: table.userId,
          set: { enabled, nextAt: null, timeZone: null },
        });
    },

    /** Those of `userIds` who turned nudges off. */
    async nudgesOff(userIds: readonly number[], tx: Db = db): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await tx
        .select({ userId: nudgeSettings.userId, enabled: nudgeSettings.enabled })
        .from(nudgeSettings)
        .where(inArray(nudgeSettings.userId, [...userIds]));
      return new Set(rows.filter((r) => !r.enabled).map((r) => r.userId));
    },
  };
}
