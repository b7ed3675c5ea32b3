/**
 * The tracker's tables: the one source of the database's shape. `pnpm --filter @app/tracker
 * db:generate` (drizzle-kit) writes a migration into migrations/ for each change made here;
 * the tracker applies them at start-up (src/db/migrate.ts), the same SQL on PGlite and PostgreSQL.
 */
import {
  CHECK_IN_NOTE_MAX,
  CHECK_IN_REPLY_MAX,
  minuteOfDay,
  REMINDER_DEFAULTS,
  type ReminderChannel,
  TEAM_CAPACITY_DEFAULT,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Constraint names are PostgreSQL's own defaults (`<table>_<column>_fkey`, `<table>_pkey`), the
 * names databases created before drizzle-kit have, so a later migration finds them by name.
 */
const fk = (table: string, column: PgColumn, target: PgColumn) =>
  foreignKey({ name: `${table}_${column.name}_fkey`, columns: [column], foreignColumns: [target] });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type MemberStatus = 'Active' | 'Pending' | 'Inactive';
const memberStatusCheck = (column: string) =>
  sql.raw(`${column} IN ('Active', 'Pending', 'Inactive')`);

export const focusAreas = pgTable('focus_areas', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
});

export const roleAreas = pgTable('role_areas', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
});

export const focusAreaRoles = pgTable(
  'focus_area_roles',
  {
    focusAreaId: integer('focus_area_id').notNull(),
    roleAreaId: integer('role_area_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'focus_area_roles_pkey', columns: [t.focusAreaId, t.roleAreaId] }),
    fk('focus_area_roles', t.focusAreaId, focusAreas.id),
    fk('focus_area_roles', t.roleAreaId, roleAreas.id),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    focusAreaId: integer('focus_area_id'),
    focusRoleId: integer('focus_role_id'),
    capacity: integer('capacity').notNull().default(TEAM_CAPACITY_DEFAULT),
    createdAt: createdAt(),
  },
  (t) => [
    fk('teams', t.focusAreaId, focusAreas.id),
    fk('teams', t.focusRoleId, roleAreas.id),
    check('teams_capacity_check', sql`${t.capacity} > 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    about: text('about'),
    goalSummary: text('goal_summary'),
    status: text('status').$type<MemberStatus>().notNull().default('Active'),
    /** 'operator' for the people who answer join requests; everyone else is a 'member'. */
    role: text('role').$type<'member' | 'operator'>().notNull().default('member'),
    /**
     * The member's IANA time zone ("Europe/Berlin"): their days (check-ins) and reminder times are
     * counted in it. Null until their browser tells it (DEFAULT_TIME_ZONE is used till then).
     */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
  },
  (t) => [
    // One account per address, whatever its case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_status_check', memberStatusCheck('status')),
    check('users_role_check', sql.raw(`role IN ('member', 'operator')`)),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status').$type<MemberStatus>().notNull(),
    /** The member bowed out of the team's weekly calls (and stays on the team). */
    skipsCalls: boolean('skips_calls').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    fk('memberships', t.teamId, teams.id),
    fk('memberships', t.userId, users.id),
    unique('memberships_team_id_user_id_key').on(t.teamId, t.userId),
    index('memberships_user_idx').on(t.userId),
    index('memberships_team_status_idx').on(t.teamId, t.status),
    check('memberships_status_check', memberStatusCheck('status')),
  ],
);

export type JoinRequestStatus = 'unmatched' | 'pending' | 'approved' | 'declined';

export const joinRequests = pgTable(
  'join_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** Null while the request is unmatched (no team yet), set from then on. */
    teamId: integer('team_id'),
    membershipId: integer('membership_id'),
    status: text('status').$type<JoinRequestStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** What the operator wrote when declining; the member sees it on their home. */
    declineReason: text('decline_reason'),
    /**
     * The team the person asked for (at sign-up or on Find a team); kept when the request goes
     * back to waiting, so a seat freed on that team goes to it first. Null: none was chosen.
     */
    askedTeamId: integer('asked_team_id'),
    /** The area and role the request is for (its team's, or the person's choice); null: unknown. */
    focusAreaId: integer('focus_area_id'),
    focusRoleId: integer('focus_role_id'),
    /**
     * When an operator (or a freed seat) put the request on its team rather than the person
     * choosing it; such a request can be moved to another team or put back to waiting.
     */
    placedAt: timestamp('placed_at', { withTimezone: true }),
  },
  (t) => [
    fk('join_requests', t.userId, users.id),
    fk('join_requests', t.teamId, teams.id),
    fk('join_requests', t.membershipId, memberships.id),
    fk('join_requests', t.askedTeamId, teams.id),
    fk('join_requests', t.focusAreaId, focusAreas.id),
    fk('join_requests', t.focusRoleId, roleAreas.id),
    // The requests waiting for a seat, by the area and role a freed seat looks for.
    index('join_requests_waiting_idx')
      .on(t.focusAreaId, t.focusRoleId, t.id)
      .where(sql.raw(`status = 'unmatched'`)),
    index('join_requests_status_idx').on(t.status, t.id),
    // A person's requests, newest last: the console's search by name joins requests to the
    // people found, and the home reads a member's latest from its end.
    index('join_requests_user_idx').on(t.userId, t.id),
    check(
      'join_requests_status_check',
      sql.raw(`status IN ('unmatched', 'pending', 'approved', 'declined')`),
    ),
    // A request has a team and a membership exactly when it is no longer unmatched.
    check(
      'join_requests_team_check',
      sql.raw(
        `(status = 'unmatched') = (team_id IS NULL) AND (team_id IS NULL) = (membership_id IS NULL)`,
      ),
    ),
  ],
);

/**
 * Held seats: a seat on a team kept for one browser session until it runs out. A hold counts
 * against the team's capacity only while expires_at is in the future, so nothing has to clean up
 * expired rows for the counts to be right.
 */
export const holds = pgTable(
  'holds',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    /** Opaque key of the owning session (a hash made by the site; never the session itself). */
    owner: text('owner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    extensions: integer('extensions').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    fk('holds', t.teamId, teams.id),
    index('holds_team_expiry_idx').on(t.teamId, t.expiresAt),
    index('holds_owner_idx').on(t.owner),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('email_tokens_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [fk('email_tokens', t.userId, users.id)],
);

export const bookings = pgTable('bookings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  category: text('category').notNull(),
  slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
  /** What an operator recorded after the call: 'held' or 'no-show'; null until then. */
  outcome: text('outcome').$type<'held' | 'no-show'>(),
  /** The browser's idempotency key: the same booking sent again finds this row. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
});

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  feedback: text('feedback').notNull(),
  category: text('category').notNull(),
  /** When an operator marked it read; null while unread. */
  readAt: timestamp('read_at', { withTimezone: true }),
  /** The browser's idempotency key: the same feedback sent again finds this row. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
});

export const onboardingSelections = pgTable('onboarding_selections', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  focusArea: text('focus_area').notNull(),
  createdAt: createdAt(),
});

/** A file attached to an outgoing message: text content (an .ics), kept with the message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    /** Files sent with the message (e.g. a booking's .ics); null when there are none. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Extra header lines (e.g. List-Unsubscribe); null when there are none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_unsent_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`),
    // What was recently sent to an address (how often a confirmation email may be resent).
    index('outbox_recipient_idx').on(sql`lower(${t.toAddress})`, t.kind, t.createdAt),
  ],
);

/**
 * The first answer of each sign-up, by the idempotency key the browser sent with it. Written in
 * the same transaction as the account, so a retry after a lost answer (time-out, dropped
 * connection, crash) finds exactly what happened: the account and its answer, or nothing.
 */
export const signupKeys = pgTable(
  'signup_keys',
  {
    key: text('key').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    userId: integer('user_id').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [fk('signup_keys', t.userId, users.id), index('signup_keys_created_idx').on(t.createdAt)],
);

/**
 * Signed-in sessions of the tracker's front door (members and operators). The key is a SHA-256
 * of the session id the cookie carries, so the table alone signs nobody in. A row ends when its
 * member signs out, changes or resets the password, or when it passes its idle or absolute limit.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    fk('member_sessions', t.userId, users.id).onDelete('cascade'),
    index('member_sessions_user_idx').on(t.userId),
  ],
);

/**
 * Password reset links: single use, short-lived, stored as the SHA-256 of the token the mail
 * carries. Deleted with the account.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    fk('password_resets', t.userId, users.id).onDelete('cascade'),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * An operator's second factor: a TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s). It is shown once
 * while enrolling and never leaves the server after; `confirmedAt` is set when the first code
 * proves the authenticator has it. `lastStep` is the last time step a code was accepted for, so
 * one code signs in once.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    userId: integer('user_id').primaryKey(),
    totpSecret: text('totp_secret').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastStep: integer('last_step'),
    createdAt: createdAt(),
  },
  (t) => [fk('second_factors', t.userId, users.id).onDelete('cascade')],
);

/** Single-use recovery codes of a second factor, stored as the SHA-256 of each code. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    fk('recovery_codes', t.userId, users.id).onDelete('cascade'),
    index('recovery_codes_user_idx').on(t.userId),
  ],
);

/**
 * Passkeys (WebAuthn credentials) of a member or an operator: the account signs in with the key
 * alone (an operator's passes the second factor too). The public key in COSE form; the counter
 * the authenticator last reported, refused when it goes back (a cloned key).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique('passkeys_credential_id_key'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The WebAuthn user handle this key was made with, base64url. */
    userHandle: text('user_handle').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    fk('passkeys', t.userId, users.id).onDelete('cascade'),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * Challenges handed out for a passkey ceremony: each is used once (deleted as it is checked) and
 * only until it expires. `userId` is the account a signed-in ceremony is for (null: signing in).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<'register' | 'sign-in' | 'second-factor'>().notNull(),
    userId: integer('user_id'),
    /** The WebAuthn user handle a registration's key is made with, base64url. */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    fk('passkey_challenges', t.userId, users.id).onDelete('cascade'),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check(
      'passkey_challenges_purpose_check',
      sql.raw(`purpose IN ('register', 'sign-in', 'second-factor')`),
    ),
  ],
);

/**
 * What operators did, append-only: written in the same transaction as the action itself. The
 * operator's id stays when their account goes (no foreign key), so the trail outlives it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    // What was done to one person or thing, newest last: the home's line that a member's seat was
    // freed or given back reads that member's own lines, not the log from its end.
    index('audit_log_target_idx').on(t.target, t.id),
  ],
);

/**
 * A member's answer to "Did you do that thing today?": one per member per day, the day being the
 * calendar date in the member's time zone when it was asked. Changed in place until the day
 * closes (its end; yesterday's at noon), so created and updated times may differ.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Yes (true) or Not today (false). */
    done: boolean('done').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fk('check_ins', t.userId, users.id).onDelete('cascade'),
    // Its index also holds `done` (INCLUDE, migration 0029): drizzle has no way to say so.
    unique('check_ins_user_id_day_key').on(t.userId, t.day),
    check('check_ins_note_check', sql.raw(`char_length(note) <= ${CHECK_IN_NOTE_MAX}`)),
  ],
);

/**
 * Each member's last answered day (null: none yet), kept by the database as check-ins are written
 * and deleted (migration 0025's trigger), and a row made for every member who becomes Active. The
 * quiet members' schedule and the console's Quiet members page find the members who could be
 * quiet through its index, by how long they have been without an answer, instead of asking every
 * member's check-ins.
 */
export const lastAnswers = pgTable(
  'last_answers',
  {
    userId: integer('user_id').primaryKey(),
    day: date('day', { mode: 'string' }),
  },
  (t) => [
    fk('last_answers', t.userId, users.id).onDelete('cascade'),
    index('last_answers_quiet_idx').on(sql`coalesce(${t.day}, '0001-01-01'::date)`, t.userId),
  ],
);

/**
 * Each Active member's quiet spell as the console's Quiet members page lists it (contracts
 * quietSpellOf: `days` missed check-in days from `since`; `listed` when they are on the page),
 * kept so the page is one indexed read of the listed rows instead of judging every quiet member on
 * each load. A row holds from `scoredAt` until `freshUntil`, the first moment the clock alone
 * could change it (a check-in day closing, a new day); migration 0027's triggers make a row stale
 * at once (`freshUntil` -infinity) when what it was worked out from changes: a membership, the
 * account's standing or zone, the last answer, a pause, an I'm back, the check-in days, an
 * approval. The quiet members' schedule and the page work out the stale rows again (and drop
 * those of members no longer Active) before the page reads.
 */
export const quietListings = pgTable(
  'quiet_listings',
  {
    userId: integer('user_id').primaryKey(),
    teamId: integer('team_id'),
    days: integer('days').notNull().default(0),
    since: date('since', { mode: 'string' }),
    listed: boolean('listed').notNull().default(false),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    freshUntil: timestamp('fresh_until', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'::timestamptz`),
  },
  (t) => [
    fk('quiet_listings', t.userId, users.id).onDelete('cascade'),
    index('quiet_listings_fresh_idx').on(t.freshUntil),
    index('quiet_listings_scored_idx').on(t.scoredAt),
    index('quiet_listings_page_idx').on(t.days.desc(), t.userId).where(sql`${t.listed}`),
  ],
);

/**
 * A gentle nudge one member sent a teammate, by the sender's calendar date. The unique key is the
 * rule "one per pair per day": a second insert finds the first and sends nothing.
 */
export const nudges = pgTable(
  'nudges',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    teamId: integer('team_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('nudges', t.fromUserId, users.id).onDelete('cascade'),
    fk('nudges', t.toUserId, users.id).onDelete('cascade'),
    fk('nudges', t.teamId, teams.id),
    unique('nudges_from_user_id_to_user_id_day_key').on(t.fromUserId, t.toUserId, t.day),
    index('nudges_to_user_idx').on(t.toUserId, t.day),
  ],
);

/**
 * A team's two weekly calls, set by an operator: each a weekday (0 = Sunday ... 6 = Saturday) and
 * a minute of the day on the clocks of the team's time zone, so a call stays at its local time
 * across daylight-saving changes.
 */
/** A teammate's cheer of a Yes check-in: one per person and check-in. */
export const cheers = pgTable(
  'cheers',
  {
    id: serial('id').primaryKey(),
    checkInId: integer('check_in_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('cheers', t.checkInId, checkIns.id).onDelete('cascade'),
    fk('cheers', t.userId, users.id).onDelete('cascade'),
    unique('cheers_check_in_id_user_id_key').on(t.checkInId, t.userId),
    index('cheers_user_idx').on(t.userId),
    // The daily digest reads a day's cheers: without it the planner, blind to the newest times,
    // reads every cheer to find them.
    index('cheers_created_idx').on(t.createdAt),
  ],
);

/** A short reply to a check-in's note, read by the team on the board. */
export const checkInReplies = pgTable(
  'check_in_replies',
  {
    id: serial('id').primaryKey(),
    checkInId: integer('check_in_id').notNull(),
    userId: integer('user_id').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('check_in_replies', t.checkInId, checkIns.id).onDelete('cascade'),
    fk('check_in_replies', t.userId, users.id).onDelete('cascade'),
    index('check_in_replies_check_in_idx').on(t.checkInId),
    index('check_in_replies_user_idx').on(t.userId),
    // The daily digest reads a day's replies (as cheers_created_idx).
    index('check_in_replies_created_idx').on(t.createdAt),
    check(
      'check_in_replies_text_check',
      sql.raw(`char_length(text) BETWEEN 1 AND ${CHECK_IN_REPLY_MAX}`),
    ),
  ],
);

/**
 * A member's pause of their check-ins: its first and last day on their calendar, both included.
 * Kept after it ends, so its days are never counted as missed.
 */
export const pauses = pgTable(
  'pauses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('pauses', t.userId, users.id).onDelete('cascade'),
    index('pauses_user_idx').on(t.userId, t.lastDay),
    check('pauses_days_check', sql.raw('last_day >= first_day')),
  ],
);

/**
 * Every pause a member started, kept when the pause is ended or taken back: the pauses a member
 * may start in a quarter (PAUSES_PER_QUARTER) are counted here, not in `pauses`, whose row a
 * pause taken back on its first day loses.
 */
export const pauseStarts = pgTable(
  'pause_starts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The pause's first day, on the member's calendar. */
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('pause_starts', t.userId, users.id).onDelete('cascade'),
    index('pause_starts_user_idx').on(t.userId, t.firstDay),
  ],
);

export const teamCalls = pgTable(
  'team_calls',
  {
    teamId: integer('team_id').primaryKey(),
    timeZone: text('time_zone').notNull(),
    firstWeekday: integer('first_weekday').notNull(),
    firstMinute: integer('first_minute').notNull(),
    secondWeekday: integer('second_weekday').notNull(),
    secondMinute: integer('second_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    meetingUrl: text('meeting_url').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fk('team_calls', t.teamId, teams.id),
    check(
      'team_calls_slots_check',
      sql.raw(
        'first_weekday BETWEEN 0 AND 6 AND second_weekday BETWEEN 0 AND 6 AND first_minute BETWEEN 0 AND 1439 AND second_minute BETWEEN 0 AND 1439',
      ),
    ),
    check('team_calls_duration_check', sql.raw('duration_minutes BETWEEN 15 AND 30')),
  ],
);

/**
 * When and whether a member is reminded to check in: on `weekdays` (0 = Sunday ... 6 =
 * Saturday) at `localMinute` of their own day. `nextAt` is the next time it falls due, worked out
 * for `timeZone` (the account's zone when it was computed; null until computed); the scheduler
 * takes due rows with FOR UPDATE SKIP LOCKED, so one tracker handles each.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: integer('user_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    localMinute: integer('local_minute').notNull().default(minuteOfDay(REMINDER_DEFAULTS.time)),
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default([...REMINDER_DEFAULTS.weekdays]),
    nextAt: timestamp('next_at', { withTimezone: true }),
    timeZone: text('time_zone'),
    /** How the reminder goes: by email, to the member's push subscriptions, or both. */
    channel: text('channel').$type<ReminderChannel>().notNull().default('email'),
  },
  (t) => [
    fk('reminder_settings', t.userId, users.id).onDelete('cascade'),
    index('reminder_settings_due_idx').on(t.nextAt).where(sql`${t.enabled}`),
    check('reminder_settings_minute_check', sql.raw('local_minute BETWEEN 0 AND 1439')),
    check('reminder_settings_channel_check', sql.raw("channel IN ('email', 'push', 'both')")),
  ],
);

/**
 * A member's device that gets push reminders: its browser's push subscription (RFC 8030's
 * endpoint at the push service, RFC 8291's keys). An endpoint is one device's: subscribing it again,
 * under whichever account, moves it to that account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    /** The device's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('push_subscriptions', t.userId, users.id).onDelete('cascade'),
    unique('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

/**
 * One row per reminder mailed: at most one per member and local day, written in the transaction
 * that queues the mail, so a retried run finds it and sends nothing.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('reminders', t.userId, users.id).onDelete('cascade'),
    unique('reminders_user_id_local_date_key').on(t.userId, t.localDate),
  ],
);

/**
 * One "we miss you" mail per quiet spell: the member's run of missed check-in days (contracts
 * quietSpellOf), named by its first day. Written in the transaction that queues the mail, so two
 * trackers (or a retried pass) mail once.
 */
export const quietSpells = pgTable(
  'quiet_spells',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    /** The day (the member's) they answered the mail with I'm back: the spell ends there. */
    backOn: date('back_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    fk('quiet_spells', t.userId, users.id).onDelete('cascade'),
    unique('quiet_spells_user_id_first_day_key').on(t.userId, t.firstDay),
  ],
);

/**
 * The weekly recap's schedule per member, as reminder_settings is for reminders: `nextAt` is the
 * next Sunday 18:00 on the member's clock, worked out for `timeZone`; due rows are taken with
 * FOR UPDATE SKIP LOCKED.
 */
export const recapSettings = pgTable(
  'recap_settings',
  {
    userId: integer('user_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    nextAt: timestamp('next_at', { withTimezone: true }),
    timeZone: text('time_zone'),
  },
  (t) => [
    fk('recap_settings', t.userId, users.id).onDelete('cascade'),
    index('recap_settings_due_idx').on(t.nextAt).where(sql`${t.enabled}`),
  ],
);

/** One row per recap mailed: at most one per member and week (its Monday, their calendar). */
export const recaps = pgTable(
  'recaps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('recaps', t.userId, users.id).onDelete('cascade'),
    unique('recaps_user_id_week_start_key').on(t.userId, t.weekStart),
  ],
);

/** The daily digest of cheers and replies: off until the member turns it on (DIGEST_RULE). */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userId: integer('user_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    nextAt: timestamp('next_at', { withTimezone: true }),
    timeZone: text('time_zone'),
  },
  (t) => [
    fk('digest_settings', t.userId, users.id).onDelete('cascade'),
    index('digest_settings_due_idx').on(t.nextAt).where(sql`${t.enabled}`),
  ],
);

/**
 * Whether the member gets nudges by email (a teammate's nudge, the "we miss you" mail); on
 * unless a row says otherwise.
 */
export const nudgeSettings = pgTable(
  'nudge_settings',
  {
    userId: integer('user_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [fk('nudge_settings', t.userId, users.id).onDelete('cascade')],
);

/** One row per digest mailed: at most one per member and day (their calendar). */
export const digests = pgTable(
  'digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fk('digests', t.userId, users.id).onDelete('cascade'),
    unique('digests_user_id_local_date_key').on(t.userId, t.localDate),
  ],
);

/**
 * What a mailed link does, one purpose per token: stop reminders, answer a day's check-in, one of
 * the "we miss you" mail's answers (back, pause a week, leave the team), stop the weekly recap,
 * stop the daily digest, stop nudges.
 */
export const EMAIL_LINK_PURPOSES = [
  'unsubscribe',
  'check-in-yes',
  'check-in-no',
  'quiet-back',
  'quiet-pause',
  'quiet-leave',
  'recap-unsubscribe',
  'digest-unsubscribe',
  'nudge-unsubscribe',
] as const;
export type EmailLinkPurpose = (typeof EMAIL_LINK_PURPOSES)[number];

/**
 * Links in a mail that act without a sign-in (EMAIL_LINK_PURPOSES). Stored as the SHA-256 of the
 * token the mail carries. A check-in link, and each answer of the "we miss you" mail, works once.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').$type<EmailLinkPurpose>().notNull(),
    /** The member's day a check-in link answers for; null for unsubscribing. */
    localDate: date('local_date', { mode: 'string' }),
    tokenHash: text('token_hash').notNull().unique('email_links_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    fk('email_links', t.userId, users.id).onDelete('cascade'),
    index('email_links_user_idx').on(t.userId),
    check(
      'email_links_purpose_check',
      sql.raw(`purpose IN (${EMAIL_LINK_PURPOSES.map((p) => `'${p}'`).join(', ')})`),
    ),
  ],
);

export const schema = {
  focusAreas,
  roleAreas,
  focusAreaRoles,
  teams,
  users,
  signupKeys,
  memberships,
  joinRequests,
  holds,
  emailTokens,
  bookings,
  feedback,
  onboardingSelections,
  outbox,
  memberSessions,
  passwordResets,
  secondFactors,
  recoveryCodes,
  passkeys,
  passkeyChallenges,
  auditLog,
  checkIns,
  nudges,
  cheers,
  checkInReplies,
  pauses,
  pauseStarts,
  teamCalls,
  reminderSettings,
  reminders,
  emailLinks,
  quietSpells,
  recapSettings,
  recaps,
  nudgeSettings,
};

/** Raw bytes (PostgreSQL bytea); node-postgres reads them as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded photos when the tracker runs on PostgreSQL (DATABASE_URL), so every tracker on the
 * database serves every photo; PGlite keeps them on disk (`<dataDir>/uploads`). Keys are those of
 * `users.image` (`u/<random>.<ext>`), never rewritten: a key's bytes never change.
 */
export const photos = pgTable(
  'photos',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the bytes, hex: the photo's strong ETag. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('photos_size_check', sql`${table.size} = octet_length(${table.bytes})`),
    check('photos_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
