/**
 * Drizzle's view of the tables created by migrations/*.sql. The SQL files are the source of truth
 * for the database; this file only gives queries their types, so keep the two in step.
 */
import {
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  (t) => [primaryKey({ columns: [t.focusAreaId, t.roleAreaId] })],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  focusAreaId: integer('focus_area_id'),
  focusRoleId: integer('focus_role_id'),
  capacity: integer('capacity').notNull().default(6),
  createdAt: createdAt(),
});

export type MemberStatus = 'Active' | 'Pending' | 'Inactive';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  image: text('image'),
  about: text('about'),
  goalSummary: text('goal_summary'),
  status: text('status').$type<MemberStatus>().notNull().default('Active'),
  createdAt: createdAt(),
});

/** The first answer of each sign-up, by the idempotency key the browser sent with it. */
export const signupKeys = pgTable('signup_keys', {
  key: text('key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  userId: integer('user_id').notNull(),
  answer: jsonb('answer').notNull(),
  createdAt: createdAt(),
});

export const memberships = pgTable('memberships', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  userId: integer('user_id').notNull(),
  status: text('status').$type<MemberStatus>().notNull(),
  createdAt: createdAt(),
});

export type JoinRequestStatus = 'unmatched' | 'pending' | 'approved' | 'declined';

export const joinRequests = pgTable('join_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  /** Null while the request is unmatched (no team yet), set from then on. */
  teamId: integer('team_id'),
  membershipId: integer('membership_id'),
  status: text('status').$type<JoinRequestStatus>().notNull().default('pending'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

export const holds = pgTable('holds', {
  id: uuid('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  extensions: integer('extensions').notNull().default(0),
  createdAt: createdAt(),
});

export const emailTokens = pgTable('email_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const bookings = pgTable('bookings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  category: text('category').notNull(),
  slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  feedback: text('feedback').notNull(),
  category: text('category').notNull(),
  createdAt: createdAt(),
});

export const onboardingSelections = pgTable('onboarding_selections', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  focusArea: text('focus_area').notNull(),
  createdAt: createdAt(),
});

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  createdAt: createdAt(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

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
};
