import * as z from 'zod/mini';
import { CATEGORIES, MAX_PHOTO_BYTES, PHONE_MIN_LENGTH, TEXT_LIMITS } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { CONTROL_CHARACTERS, lineBreaksAsSpaces } from './text.ts';

// The site's Content Security Policy forbids eval. Unless told not to, zod probes `Function('')`
// on the first object parse, which the browser reports as a CSP violation; parsing is the same.
z.config({ jitless: true });

/* ------------------------------------------------------------------ */
/* Shared pieces                                                        */
/* ------------------------------------------------------------------ */

export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;

/** Ids arrive as numbers from the tracker and as strings from URLs and storage. */
export const Id = z.union([
  z.int().check(z.nonnegative()),
  z.string().check(z.minLength(1), z.maxLength(64)),
]);
export type Id = z.infer<typeof Id>;

/**
 * A tracker row id written out (in a URL path, a form, browser storage): a positive whole number
 * in digits, no sign, no leading zero, so no path trick reaches the tracker.
 */
export const ID_DIGITS = /^[1-9]\d{0,9}$/;
/** The largest id a row can have (PostgreSQL `integer`); a larger one names nothing. */
export const MAX_ROW_ID = 2_147_483_647;

/** The row id a value names (the tracker's number, or its digits), or null when it names none. */
export function rowId(value: unknown): number | null {
  const digits =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!ID_DIGITS.test(digits)) return null;
  const id = Number(digits);
  return id <= MAX_ROW_ID ? id : null;
}

/** An id given in a URL path: digits only, else a 400 (one too large for a row is a 404 later). */
export const PathId = z.pipe(
  z.coerce.string().check(z.regex(ID_DIGITS, 'Must be a positive whole number')),
  z.transform(Number),
);

/** The spec's "simple pattern" for emails (spec 5): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `Must be at most ${max} characters`),
    );

export const ONE_LINE_MESSAGE = 'Must be one line of text, without control characters';

/** A name (a person's, a team's): required, one line, no control characters. */
export const oneLineText = (max: number, message: string) =>
  requiredText(max, message).check(
    z.refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE),
  );

/**
 * A goal sentence, typed in a text area: line breaks and tabs become one space (what the person
 * meant is one sentence), any other control character is refused.
 */
export const sentenceText = (max: number, message: string) =>
  z.pipe(
    z.pipe(z.string({ error: message }), z.transform(lineBreaksAsSpaces)),
    oneLineText(max, message),
  );

const emailField = (blankMessage: string) =>
  z
    .string({ error: blankMessage })
    .check(
      z.trim(),
      z.minLength(1, blankMessage),
      z.maxLength(TEXT_LIMITS.email, MESSAGES.validEmail),
      z.regex(EMAIL_PATTERN, MESSAGES.validEmail),
    );
export const EmailField = emailField(MESSAGES.enterEmail);
const email = EmailField;

/* ------------------------------------------------------------------ */
/* Entities read from the tracker (spec 3, 7)                          */
/* ------------------------------------------------------------------ */

export const MemberStatus = z.enum(['Active', 'Pending', 'Inactive']);
export type MemberStatus = z.infer<typeof MemberStatus>;

/** A user as the tracker shows it publicly: never email, password or tokens. */
export const PublicUser = z.object({
  id: Id,
  name: z.string(),
  image: z.nullable(z.string()),
  about: z.nullable(z.string()),
  goalSummary: z.nullable(z.string()),
  status: z._default(MemberStatus, 'Active'),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** A team membership: the "object with a user and a status" member shape of spec 3. */
export const TeamMember = z.object({
  id: Id,
  status: MemberStatus,
  user: PublicUser,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** The flat member shape of spec 3. */
export const FlatMember = z.object({
  id: Id,
  name: z.optional(z.string()),
  image: z.optional(z.nullable(z.string())),
  about: z.optional(z.nullable(z.string())),
  goalSummary: z.optional(z.nullable(z.string())),
  status: z.optional(z.string()),
});
export type FlatMember = z.infer<typeof FlatMember>;

export const Team = z.object({
  id: Id,
  name: z.string(),
  focusAreaId: z.nullable(Id),
  focusRoleId: z.nullable(Id),
  members: z.array(z.union([TeamMember, FlatMember])),
  /**
   * Seats a new member can still take: capacity - Active - Pending - live holds. Added by our
   * tracker; optional because the spec's client does not read it and other trackers may not send it.
   */
  openSeats: z.optional(z.int().check(z.nonnegative())),
});
export type Team = z.infer<typeof Team>;

/** GET /teams answers a bare array of teams. */
export const TeamList = z.array(Team);

export const FocusRole = z.object({ id: Id, name: z.string() });
export const FocusArea = z.object({
  id: Id,
  name: z.string(),
  description: z.nullable(z.string()),
  focusRoles: z.array(FocusRole),
});
export type FocusArea = z.infer<typeof FocusArea>;
export const FocusAreaList = z.object({ focusAreas: z.array(FocusArea) });

export const RoleArea = z.object({ id: Id, name: z.string(), description: z.nullable(z.string()) });
export type RoleArea = z.infer<typeof RoleArea>;
export const RoleAreaList = z.object({ roleAreas: z.array(RoleArea) });

/** Normalised member shown on the team screen (spec 3). */
export const NormalisedMember = z.object({
  id: z.string(),
  name: z.string(),
  photo: z.nullable(z.string()),
  aboutMe: z.string(),
  goalSummary: z.string(),
});
export type NormalisedMember = z.infer<typeof NormalisedMember>;

/**
 * A team as the app uses it, normalised by the api-client (spec 3): ids as strings, only its Active
 * members, and the seats a prospect can take now (null when the tracker does not say).
 */
export const TeamView = z.object({
  id: z.string(),
  name: z.string(),
  focusAreaId: z.nullable(z.string()),
  focusRoleId: z.nullable(z.string()),
  members: z.array(NormalisedMember),
  openSeats: z.nullable(z.int().check(z.nonnegative())),
});
export type TeamView = z.infer<typeof TeamView>;

/* ------------------------------------------------------------------ */
/* Forms (spec 5)                                                       */
/* ------------------------------------------------------------------ */

/** Role step with options: a choice must be made. */
export const RoleChoiceForm = z.object({
  role: z
    .string({ error: MESSAGES.makeSelection })
    .check(z.trim(), z.minLength(1, MESSAGES.makeSelection)),
});
/** Role step for Other: a free-text goal. */
export const RoleGoalForm = z.object({
  focusArea: z
    .string({ error: MESSAGES.enterGoal })
    .check(z.trim(), z.minLength(1, MESSAGES.enterGoal), z.maxLength(TEXT_LIMITS.focusArea)),
});
/** Intro and goal steps: non-blank once trimmed. */
export const NameForm = z.object({ name: oneLineText(TEXT_LIMITS.name, MESSAGES.enterName) });
export const GoalForm = z.object({ goal: sentenceText(TEXT_LIMITS.goal, MESSAGES.enterGoal) });
/**
 * The account password: required, and bounded so that hashing stays cheap. Its length hint is
 * shown, not enforced (spec 5 and 9; decision 15), here and on the tracker alike.
 */
export const PasswordField = z
  .string({ error: MESSAGES.enterPassword })
  .check(
    z.minLength(1, MESSAGES.enterPassword),
    z.maxLength(
      TEXT_LIMITS.password,
      `Password must be at most ${TEXT_LIMITS.password} characters`,
    ),
  );
export const AccountForm = z.object({ email, password: PasswordField });
export const BookingForm = z.object({
  name: oneLineText(TEXT_LIMITS.name, MESSAGES.enterName),
  // Spec 5 gives the booking email one message: a blank address does not match the pattern either.
  email: emailField(MESSAGES.validEmail),
  phone: z
    .string({ error: MESSAGES.validPhone })
    .check(
      z.trim(),
      z.minLength(PHONE_MIN_LENGTH, MESSAGES.validPhone),
      z.maxLength(TEXT_LIMITS.phone, MESSAGES.validPhone),
    ),
});
export const FeedbackForm = z.object({
  name: oneLineText(TEXT_LIMITS.name, MESSAGES.enterName),
  email,
  feedback: requiredText(TEXT_LIMITS.feedback, MESSAGES.enterFeedback),
});

/* ------------------------------------------------------------------ */
/* Payloads and responses of the site API (spec 7)                      */
/* ------------------------------------------------------------------ */

export const OnboardingPayload = z.object({
  category: Category,
  focusArea: z
    .string()
    .check(z.trim(), z.minLength(1, MESSAGES.enterGoal), z.maxLength(TEXT_LIMITS.focusArea)),
});
export type OnboardingPayload = z.infer<typeof OnboardingPayload>;

export const OnboardingResponse = z.object({ message: z.string(), id: z.optional(Id) });

export const CreateUserPayload = z.object({
  email,
  password: PasswordField,
  name: oneLineText(TEXT_LIMITS.name, MESSAGES.enterName),
  goalSummary: sentenceText(TEXT_LIMITS.goal, MESSAGES.enterGoal),
  teamId: Id,
  /**
   * The area and role the prospect chose (names, as the onboarding shows them): a request left
   * unmatched keeps them, so a seat freed on a team of that area and role can go to it.
   */
  areaName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  roleName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type CreateUserPayload = z.infer<typeof CreateUserPayload>;

/**
 * What became of the join request of a sign-up:
 * - `pending`: sent to the team named by `teamId`; the team decides;
 * - `unmatched`: `teamId` named no team (the sample team was shown because the team list could
 *   not be reached); we assign a team within JOIN_RESPONSE_DAYS days.
 */
export const JoinRequestOutcome = z.enum(['pending', 'unmatched']);
export type JoinRequestOutcome = z.infer<typeof JoinRequestOutcome>;

export const CreateUserResponse = z.object({
  user: z.object({ id: Id }),
  /** Present whenever a join request was recorded (`joinRequestSuccess` is then true too). */
  joinRequest: z.optional(z.object({ status: JoinRequestOutcome })),
  joinRequestSuccess: z.optional(z.boolean()),
  /** Present when the user was created but the join request could not be; says why. */
  joinRequestWarning: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

/* ------------------------------------------------------------------ */
/* Held slots: a seat on a team kept for one browser session            */
/* ------------------------------------------------------------------ */

/** A team id sent in a body: a positive integer, as a number or as digits. */
const TeamIdNumber = z
  .number()
  .check(z.int(), z.gte(1, MESSAGES.invalidInput), z.lte(2_147_483_647, MESSAGES.invalidInput));
export const TeamIdField = z.union([
  TeamIdNumber,
  z.pipe(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, MESSAGES.invalidInput)), z.transform(Number)),
    TeamIdNumber,
  ),
]);

/** POST /api/holds */
export const CreateHoldPayload = z.object({ teamId: TeamIdField });
export type CreateHoldPayload = z.input<typeof CreateHoldPayload>;

/** A hold id as it appears in `/api/holds/{id}`: an opaque random token. */
export const HoldId = z.uuid({ error: MESSAGES.invalidInput });

export const Hold = z.object({
  id: HoldId,
  teamId: z.int().check(z.positive()),
  /** ISO 8601 instant the seat is released unless extended. */
  expiresAt: z.iso.datetime({ offset: true }),
  /**
   * Whole seconds left when the server answered. Count down from this rather than from
   * `expiresAt`, so a browser whose clock is wrong still shows the right time.
   */
  secondsLeft: z.int().check(z.nonnegative()),
});
export type Hold = z.infer<typeof Hold>;

/** 201 from POST /api/holds, 200 from POST /api/holds/{id}/extend. */
export const HoldResponse = z.object({ hold: Hold });
export type HoldResponse = z.infer<typeof HoldResponse>;

/**
 * POST /api/holds/{id}/hand-over: the address of the account step, which already has an account.
 * The answer's token, with the hold id, goes in the tracker's sign-in link: once that account signs
 * in there, the held seat is theirs, shown on the tracker's Find a team page. The token works only
 * for that address and only while the hold lasts.
 */
export const HandOverPayload = z.object({ email });
export const HandOverResponse = z.object({ token: z.string() });
export type HandOverResponse = z.infer<typeof HandOverResponse>;

/**
 * Between the site and the tracker only: the header naming the browser session that owns a hold,
 * as an opaque key the site derives from its session (never the session cookie itself).
 */
export const HOLD_OWNER_HEADER = 'x-hold-owner';
export const HoldOwner = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'a hold owner key'));

/**
 * The `Idempotency-Key` header of POST /api/users: a random value the browser makes once per
 * sign-up attempt and sends again with every retry of it, so a retry returns the first answer
 * (session cookie included) instead of creating the account twice or answering "email taken".
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.:-]{16,128}$/, 'Must be 16 to 128 letters, digits or _.:-'));

/**
 * The headers of a write that a lost answer may make the browser send again (a sign-up, a booking,
 * feedback): the idempotency key is optional; other headers pass untouched.
 */
export const IdempotentHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.optional(IdempotencyKey),
});
export const SignUpHeaders = IdempotentHeaders;

export const ProfileFields = z.object({
  aboutMe: z.optional(
    z
      .string()
      .check(
        z.maxLength(
          TEXT_LIMITS.aboutMe,
          `About me must be at most ${TEXT_LIMITS.aboutMe} characters`,
        ),
      ),
  ),
});

/**
 * The profile form as a browser sends it (multipart/form-data, spec 7): the about-me text and/or
 * a photo. The servers read it part by part (the photo is checked as it streams); this schema
 * describes it for the API documents.
 */
export const ProfileUpload = z.extend(ProfileFields, {
  photoFile: z.optional(z.file().check(z.maxSize(MAX_PHOTO_BYTES))),
});

export const ProfileResponse = z.object({
  user: z.optional(
    z.object({
      id: z.optional(Id),
      photo: z.optional(z.nullable(z.string())),
      image: z.optional(z.nullable(z.string())),
      about: z.optional(z.nullable(z.string())),
    }),
  ),
  photo: z.optional(z.nullable(z.string())),
  image: z.optional(z.nullable(z.string())),
  message: z.optional(z.string()),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const NextAvailableDateResponse = z.object({
  /** ISO 8601 instant of the next info call (13:00 America/Denver). */
  date: z.iso.datetime({ offset: true }),
});
export type NextAvailableDateResponse = z.infer<typeof NextAvailableDateResponse>;

export const BookingPayload = z.extend(BookingForm, { category: Category });
export type BookingPayload = z.infer<typeof BookingPayload>;
export const BookingResponse = z.object({
  message: z.string(),
  id: z.optional(Id),
  /** The booked slot, an ISO instant. */
  date: z.optional(z.string()),
});

export const FeedbackPayload = z.extend(FeedbackForm, { category: Category });
export type FeedbackPayload = z.infer<typeof FeedbackPayload>;
export const FeedbackResponse = z.object({ message: z.string(), id: z.optional(Id) });

export const ConfirmEmailPayload = z.object({
  token: z
    .string()
    .check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(200, MESSAGES.invalidInput)),
});
/** confirmed: this request confirmed the address. 404 unknown, 409 already used, 410 expired. */
export const ConfirmEmailResponse = z.object({
  status: z.literal('confirmed'),
  message: z.string(),
});

/** Asks for the account confirmation email again (the thank-you screen's "Resend confirmation email"). */
export const ResendConfirmationPayload = z.object({ email });
export type ResendConfirmationPayload = z.infer<typeof ResendConfirmationPayload>;
/**
 * The same answer whether or not the address has an account waiting for confirmation, so the
 * call does not tell which addresses have accounts.
 */
export const ResendConfirmationResponse = z.object({ message: z.string() });
export type ResendConfirmationResponse = z.infer<typeof ResendConfirmationResponse>;

export const StatusResponse = z.object({
  apiBaseUrl: z.string(),
  apiKeyExists: z.boolean(),
  apiKeyLength: z.int().check(z.nonnegative()),
  apiKeyPrefix: z.string(),
  environment: z.string(),
  testConnection: z.object({
    success: z.boolean(),
    status: z.nullable(z.int()),
    statusText: z.nullable(z.string()),
    error: z.nullable(z.string()),
  }),
  serverTime: z.string(),
  /** The Node.js release the site runs on (`process.version`, e.g. v24.21.0). */
  nodeVersion: z.string(),
});
export type StatusResponse = z.infer<typeof StatusResponse>;

/** Every 4xx/5xx answer of the site API and the tracker. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  details: z.optional(z.unknown()),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
