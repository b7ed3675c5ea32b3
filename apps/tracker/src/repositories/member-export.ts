import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  checkInReplies,
  checkIns,
  cheers,
  digestSettings,
  joinRequests,
  memberSessions,
  memberships,
  nudges,
  outbox,
  passkeys,
  pauses,
  pushSubscriptions,
  recapSettings,
  reminderSettings,
  reminders,
  teams,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/**
 * The reads behind a member's data export. Each selects only the member's own rows, and of the
 * other people a row links them to, their name: the columns are listed so nothing else of theirs
 * (address, photo, notes) can come along.
 */
export function memberExportRepository(db: Db) {
  const other = alias(users, 'other');
  const otherCheckIn = alias(checkIns, 'other_check_in');
  return {
    async joinRequests(userId: number, tx: Db = db) {
      return tx
        .select({
          id: joinRequests.id,
          status: joinRequests.status,
          teamId: teams.id,
          teamName: teams.name,
          createdAt: joinRequests.createdAt,
          decidedAt: joinRequests.decidedAt,
          declineReason: joinRequests.declineReason,
        })
        .from(joinRequests)
        .leftJoin(teams, eq(teams.id, joinRequests.teamId))
        .where(eq(joinRequests.userId, userId))
        .orderBy(asc(joinRequests.id));
    },

    async memberships(userId: number, tx: Db = db) {
      return tx
        .select({
          teamId: teams.id,
          teamName: teams.name,
          status: memberships.status,
          skipsCalls: memberships.skipsCalls,
          createdAt: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(teams, eq(teams.id, memberships.teamId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.id));
    },

    async checkIns(userId: number, tx: Db = db) {
      return tx
        .select({
          id: checkIns.id,
          day: checkIns.day,
          done: checkIns.done,
          note: checkIns.note,
          createdAt: checkIns.createdAt,
          updatedAt: checkIns.updatedAt,
        })
        .from(checkIns)
        .where(eq(checkIns.userId, userId))
        .orderBy(asc(checkIns.day));
    },

    /** Cheers the member gave on others' check-ins, with the owner's name. */
    async cheersGiven(userId: number, tx: Db = db) {
      return tx
        .select({ checkInDay: otherCheckIn.day, toName: other.name, at: cheers.createdAt })
        .from(cheers)
        .innerJoin(otherCheckIn, eq(otherCheckIn.id, cheers.checkInId))
        .innerJoin(other, eq(other.id, otherCheckIn.userId))
        .where(and(eq(cheers.userId, userId), ne(otherCheckIn.userId, userId)))
        .orderBy(asc(cheers.id));
    },

    /** Cheers on the member's check-ins, with the cheering member's name. */
    async cheersReceived(userId: number, tx: Db = db) {
      return tx
        .select({
          checkInId: checkIns.id,
          checkInDay: checkIns.day,
          fromName: other.name,
          at: cheers.createdAt,
        })
        .from(cheers)
        .innerJoin(checkIns, eq(checkIns.id, cheers.checkInId))
        .innerJoin(other, eq(other.id, cheers.userId))
        .where(eq(checkIns.userId, userId))
        .orderBy(asc(cheers.id));
    },

    /** Replies the member wrote on others' check-ins (their own check-ins' replies are received). */
    async repliesGiven(userId: number, tx: Db = db) {
      return tx
        .select({
          checkInDay: otherCheckIn.day,
          toName: other.name,
          text: checkInReplies.text,
          at: checkInReplies.createdAt,
        })
        .from(checkInReplies)
        .innerJoin(otherCheckIn, eq(otherCheckIn.id, checkInReplies.checkInId))
        .innerJoin(other, eq(other.id, otherCheckIn.userId))
        .where(and(eq(checkInReplies.userId, userId), ne(otherCheckIn.userId, userId)))
        .orderBy(asc(checkInReplies.id));
    },

    /** Replies on the member's check-ins, their own included, with the writer's name. */
    async repliesReceived(userId: number, tx: Db = db) {
      return tx
        .select({
          checkInId: checkIns.id,
          checkInDay: checkIns.day,
          fromName: other.name,
          text: checkInReplies.text,
          at: checkInReplies.createdAt,
        })
        .from(checkInReplies)
        .innerJoin(checkIns, eq(checkIns.id, checkInReplies.checkInId))
        .innerJoin(other, eq(other.id, checkInReplies.userId))
        .where(eq(checkIns.userId, userId))
        .orderBy(asc(checkInReplies.id));
    },

    async nudgesSent(userId: number, tx: Db = db) {
      return tx
        .select({ day: nudges.day, toName: other.name })
        .from(nudges)
        .innerJoin(other, eq(other.id, nudges.toUserId))
        .where(eq(nudges.fromUserId, userId))
        .orderBy(asc(nudges.id));
    },

    async nudgesReceived(userId: number, tx: Db = db) {
      return tx
        .select({ day: nudges.day, fromName: other.name })
        .from(nudges)
        .innerJoin(other, eq(other.id, nudges.fromUserId))
        .where(eq(nudges.toUserId, userId))
        .orderBy(asc(nudges.id));
    },

    async reminderSettings(userId: number, tx: Db = db) {
      const [row] = await tx
        .select({
          enabled: reminderSettings.enabled,
          localMinute: reminderSettings.localMinute,
          weekdays: reminderSettings.weekdays,
          channel: reminderSettings.channel,
        })
        .from(reminderSettings)
        .where(eq(reminderSettings.userId, userId));
      return row ?? null;
    },

    async remindersSent(userId: number, tx: Db = db) {
      const rows = await tx
        .select({ localDate: reminders.localDate })
        .from(reminders)
        .where(eq(reminders.userId, userId))
        .orderBy(asc(reminders.localDate));
      return rows.map((row) => row.localDate);
    },

    async mailSettings(userId: number, tx: Db = db) {
      const [recap] = await tx
        .select({ enabled: recapSettings.enabled })
        .from(recapSettings)
        .where(eq(recapSettings.userId, userId));
      const [digest] = await tx
        .select({ enabled: digestSettings.enabled })
        .from(digestSettings)
        .where(eq(digestSettings.userId, userId));
      return { recap: recap ?? null, digest: digest ?? null };
    },

    async pauses(userId: number, tx: Db = db) {
      return tx
        .select({ firstDay: pauses.firstDay, lastDay: pauses.lastDay, createdAt: pauses.createdAt })
        .from(pauses)
        .where(eq(pauses.userId, userId))
        .orderBy(asc(pauses.firstDay));
    },

    async sessions(userId: number, tx: Db = db) {
      return tx
        .select({ createdAt: memberSessions.createdAt, lastSeenAt: memberSessions.lastSeenAt })
        .from(memberSessions)
        .where(eq(memberSessions.userId, userId))
        .orderBy(asc(memberSessions.createdAt));
    },

    async devices(userId: number, tx: Db = db) {
      return tx
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id));
    },

    /** Passkeys: name and times only (never the public key or the credential's id). */
    async passkeys(userId: number, tx: Db = db) {
      return tx
        .select({
          name: passkeys.name,
          createdAt: passkeys.createdAt,
          lastUsedAt: passkeys.lastUsedAt,
        })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.id));
    },

    /** Mails to the address, without their bodies (which carry one-use links). */
    async mails(email: string, tx: Db = db) {
      return tx
        .select({
          kind: outbox.kind,
          subject: outbox.subject,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
        })
        .from(outbox)
        .where(sql`lower(${outbox.toAddress}) = lower(${email})`)
        .orderBy(asc(outbox.id));
    },
  };
}
