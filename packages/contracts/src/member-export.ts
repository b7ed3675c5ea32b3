import * as z from 'zod/mini';
import { endpoint } from './endpoints.ts';

/**
 * Everything the tracker holds about one member, as one JSON file: what the member downloads from
 * their profile (GET /api/me/export) and what an operator exports for them from the console. Its
 * fields are documented in apps/tracker/docs/member-export.md. Other people appear only by name,
 * where a cheer, reply or nudge links them to the member: never their address or anything else.
 * Times are ISO 8601 instants; days are calendar dates (YYYY-MM-DD) on the member's clock.
 */
export const MEMBER_EXPORT_FORMAT = 'member-export/1';

const instant = z.iso.datetime();
const day = z.iso.date();
/** Another member, by name only. */
const Person = z.object({ name: z.string() });
const Team = z.object({ id: z.number(), name: z.string() });

export const MemberExport = z.object({
  format: z.literal(MEMBER_EXPORT_FORMAT),
  exportedAt: instant,
  profile: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    emailConfirmedAt: z.nullable(instant),
    goalSummary: z.nullable(z.string()),
    aboutMe: z.nullable(z.string()),
    timeZone: z.nullable(z.string()),
    role: z.enum(['member', 'operator']),
    status: z.string(),
    createdAt: instant,
  }),
  /** The profile photo as a URL path on the tracker's origin (not its bytes), or null. */
  photo: z.nullable(z.object({ path: z.string() })),
  joinRequests: z.array(
    z.object({
      id: z.number(),
      status: z.enum(['unmatched', 'pending', 'approved', 'declined']),
      team: z.nullable(Team),
      sentAt: instant,
      decidedAt: z.nullable(instant),
      declineReason: z.nullable(z.string()),
    }),
  ),
  memberships: z.array(
    z.object({ team: Team, status: z.string(), skipsCalls: z.boolean(), since: instant }),
  ),
  checkIns: z.array(
    z.object({
      id: z.number(),
      day,
      done: z.boolean(),
      note: z.nullable(z.string()),
      createdAt: instant,
      updatedAt: instant,
    }),
  ),
  cheers: z.object({
    /** Cheers the member gave: whose check-in (by name) and its day. */
    given: z.array(z.object({ checkInDay: day, to: Person, at: instant })),
    /** Cheers on the member's own check-ins. */
    received: z.array(
      z.object({ checkInId: z.number(), checkInDay: day, from: Person, at: instant }),
    ),
  }),
  replies: z.object({
    given: z.array(z.object({ checkInDay: day, to: Person, text: z.string(), at: instant })),
    received: z.array(
      z.object({
        checkInId: z.number(),
        checkInDay: day,
        from: Person,
        text: z.string(),
        at: instant,
      }),
    ),
  }),
  nudges: z.object({
    sent: z.array(z.object({ day, to: Person })),
    received: z.array(z.object({ day, from: Person })),
  }),
  reminders: z.object({
    /** Null until the member first changed them (the defaults apply). */
    settings: z.nullable(
      z.object({
        enabled: z.boolean(),
        /** Minutes after midnight on the member's clock. */
        localMinute: z.number(),
        weekdays: z.array(z.number()),
        channel: z.enum(['email', 'push', 'both']),
      }),
    ),
    /** The days a reminder was sent. */
    sentOn: z.array(day),
  }),
  mailSettings: z.object({
    weeklyRecap: z.nullable(z.object({ enabled: z.boolean() })),
    dailyDigest: z.nullable(z.object({ enabled: z.boolean() })),
  }),
  pauses: z.array(z.object({ firstDay: day, lastDay: day, createdAt: instant })),
  /** Signed-in sessions: when they began and were last used (never their keys). */
  sessions: z.array(z.object({ createdAt: instant, lastSeenAt: instant })),
  /** Devices getting push reminders: the push service's origin only (never the keys). */
  devices: z.array(z.object({ pushService: z.string(), createdAt: instant })),
  /** Passkeys: the name the member gave each and when it was added and last used (never the key). */
  passkeys: z.array(
    z.object({ name: z.string(), createdAt: instant, lastUsedAt: z.nullable(instant) }),
  ),
  /** Mails sent (or waiting to be sent) to the member's address. */
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      createdAt: instant,
      sentAt: z.nullable(instant),
    }),
  ),
});
export type MemberExport = z.infer<typeof MemberExport>;

/** The file name an export is downloaded under. */
export function memberExportFileName(userId: number, at: Date): string {
  return `member-${userId}-data-${at.toISOString().slice(0, 10)}.json`;
}

/**
 * The member's own download, in a table of its own: only the profile page calls it, so the pages
 * that load MEMBER_API (the home above all) do not carry the file's schema.
 */
export const MEMBER_EXPORT_API = {
  exportData: endpoint({
    method: 'GET',
    url: '/api/me/export',
    summary:
      'Everything the tracker holds about the member as one JSON file (MemberExport), as a download',
    schema: { response: { 200: MemberExport } },
  }),
} as const;
