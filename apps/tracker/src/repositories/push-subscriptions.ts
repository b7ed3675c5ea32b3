import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { pushSubscriptions, reminderSettings } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
type ReminderChannel = (typeof reminderSettings.$inferSelect)['channel'];

/** Members' devices that get push reminders, and how each member's reminder goes. */
export function pushSubscriptionsRepository(db: Db) {
  return {
    /**
     * Keeps `endpoint` for `userId` (a device subscribing again, or under another account, moves
     * to it with its new keys), then drops that member's oldest devices beyond `max`.
     */
    async save(
      userId: number,
      values: { endpoint: string; p256dh: string; auth: string },
      max: number,
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId, ...values, createdAt: now })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: now },
          });
        const newestFirst = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
        const extra = newestFirst.slice(max).map((r) => r.id);
        if (extra.length > 0) {
          await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
        }
      });
    },

    /** Removes the member's device with this endpoint; a device of anyone else's stays. */
    async removeOwn(userId: number, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async remove(id: number, tx: Db = db) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async get(id: number, tx: Db = db) {
      const [row] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row ?? null;
    },

    async ofUser(userId: number, tx: Db = db) {
      return tx
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id));
    },

    async countOf(userId: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },

    /** How the member's reminder goes ('email' until they choose). */
    async channelOf(userId: number, tx: Db = db): Promise<ReminderChannel> {
      const [row] = await tx
        .select({ channel: reminderSettings.channel })
        .from(reminderSettings)
        .where(eq(reminderSettings.userId, userId));
      return row?.channel ?? 'email';
    },

    async setChannel(userId: number, channel: ReminderChannel, tx: Db = db) {
      await tx
        .insert(reminderSettings)
        .values({ userId, channel })
        .onConflictDoUpdate({ target: reminderSettings.userId, set: { channel } });
    },
  };
}
