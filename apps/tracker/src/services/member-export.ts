import { MEMBER_EXPORT_FORMAT, type MemberExport } from '@app/contracts';
import { notFound } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import { recordAction } from './audit.ts';
import type { TrackerContext } from './context.ts';
import { photoUrl } from './members.ts';

/**
 * A member's own data, gathered in one transaction so the file is one moment's picture. What it
 * holds and leaves out (session keys, push keys, mail bodies, other members' data beyond names)
 * is documented in apps/tracker/docs/member-export.md.
 */
async function gather(ctx: TrackerContext, tx: Db, userId: number): Promise<MemberExport | null> {
  const user = await ctx.repos.users.get(userId, tx);
  if (user === null) return null;
  const repo = ctx.repos.memberExport;
  const iso = (at: Date) => at.toISOString();
  const isoOrNull = (at: Date | null) => (at === null ? null : at.toISOString());
  const [joinRequests, memberships, checkIns, cheersGiven, cheersReceived, repliesGiven] =
    await Promise.all([
      repo.joinRequests(userId, tx),
      repo.memberships(userId, tx),
      repo.checkIns(userId, tx),
      repo.cheersGiven(userId, tx),
      repo.cheersReceived(userId, tx),
      repo.repliesGiven(userId, tx),
    ]);
  const [repliesReceived, nudgesSent, nudgesReceived, reminderSettings, remindersSent] =
    await Promise.all([
      repo.repliesReceived(userId, tx),
      repo.nudgesSent(userId, tx),
      repo.nudgesReceived(userId, tx),
      repo.reminderSettings(userId, tx),
      repo.remindersSent(userId, tx),
    ]);
  const [mailSettings, pauses, sessions, devices, keys, mails] = await Promise.all([
    repo.mailSettings(userId, tx),
    repo.pauses(userId, tx),
    repo.sessions(userId, tx),
    repo.devices(userId, tx),
    repo.passkeys(userId, tx),
    repo.mails(user.email, tx),
  ]);
  const photo = photoUrl(user.image);
  return {
    format: MEMBER_EXPORT_FORMAT,
    exportedAt: iso(ctx.trackerConfig.now()),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailConfirmedAt: isoOrNull(user.emailConfirmedAt),
      goalSummary: user.goalSummary,
      aboutMe: user.about,
      timeZone: user.timeZone,
      role: user.role,
      status: user.status,
      createdAt: iso(user.createdAt),
    },
    photo: photo === null ? null : { path: photo },
    joinRequests: joinRequests.map((row) => ({
      id: row.id,
      status: row.status,
      team:
        row.teamId === null || row.teamName === null
          ? null
          : { id: row.teamId, name: row.teamName },
      sentAt: iso(row.createdAt),
      decidedAt: isoOrNull(row.decidedAt),
      declineReason: row.declineReason,
    })),
    memberships: memberships.map((row) => ({
      team: { id: row.teamId, name: row.teamName },
      status: row.status,
      skipsCalls: row.skipsCalls,
      since: iso(row.createdAt),
    })),
    checkIns: checkIns.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    cheers: {
      given: cheersGiven.map((row) => ({
        checkInDay: row.checkInDay,
        to: { name: row.toName },
        at: iso(row.at),
      })),
      received: cheersReceived.map((row) => ({
        checkInId: row.checkInId,
        checkInDay: row.checkInDay,
        from: { name: row.fromName },
        at: iso(row.at),
      })),
    },
    replies: {
      given: repliesGiven.map((row) => ({
        checkInDay: row.checkInDay,
        to: { name: row.toName },
        text: row.text,
        at: iso(row.at),
      })),
      received: repliesReceived.map((row) => ({
        checkInId: row.checkInId,
        checkInDay: row.checkInDay,
        from: { name: row.fromName },
        text: row.text,
        at: iso(row.at),
      })),
    },
    nudges: {
      sent: nudgesSent.map((row) => ({ day: row.day, to: { name: row.toName } })),
      received: nudgesReceived.map((row) => ({ day: row.day, from: { name: row.fromName } })),
    },
    reminders: { settings: reminderSettings, sentOn: remindersSent },
    mailSettings: { weeklyRecap: mailSettings.recap, dailyDigest: mailSettings.digest },
    pauses: pauses.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    sessions: sessions.map((row) => ({
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
    })),
    devices: devices.map((row) => ({
      pushService: pushServiceOf(row.endpoint),
      createdAt: iso(row.createdAt),
    })),
    passkeys: keys.map((row) => ({
      name: row.name,
      createdAt: iso(row.createdAt),
      lastUsedAt: isoOrNull(row.lastUsedAt),
    })),
    mails: mails.map((row) => ({
      kind: row.kind,
      subject: row.subject,
      createdAt: iso(row.createdAt),
      sentAt: isoOrNull(row.sentAt),
    })),
  };
}

/** A push endpoint's path is a capability to push to the device: only its origin is shown. */
function pushServiceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}

/** The signed-in member's own data. */
export async function exportOwnData(ctx: TrackerContext, userId: number): Promise<MemberExport> {
  const data = await ctx.database.db.transaction((tx) => gather(ctx, tx, userId));
  if (data === null) throw notFound('User');
  return data;
}

/**
 * An operator's export of a member's data, written to the audit log in the same transaction: the
 * line commits exactly when the data was read. A deleted member is not found.
 */
export async function exportMemberData(
  ctx: TrackerContext,
  operatorId: number,
  userId: number,
): Promise<MemberExport> {
  const data = await ctx.database.db.transaction(async (tx) => {
    const gathered = await gather(ctx, tx, userId);
    if (gathered === null) return null;
    await recordAction(tx, operatorId, 'member.exported', `user:${userId}`, null, {
      name: gathered.profile.name,
    });
    return gathered;
  });
  if (data === null) throw notFound('Member');
  return data;
}
