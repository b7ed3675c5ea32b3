/**
 * Every error code either server answers with, and the one HTTP status it goes with. Clients
 * branch on the code, never on the message; a code means the same thing on both servers.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  /** What Node's HTTP parser could not read (answered before any route). */
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  /** A new passkey the tracker could not check (its challenge used or expired, or its answer). */
  PASSKEY_NOT_ADDED: 400,
  INVALID_MULTIPART: 400,
  UNEXPECTED_FILE: 400,
  NOTHING_TO_UPDATE: 400,
  /** The client went away before its request (an upload) was complete: nobody reads this answer. */
  CLIENT_ABORTED: 400,
  API_KEY_MISSING: 401,
  API_KEY_INVALID: 401,
  INVALID_CREDENTIALS: 401,
  /** A second-factor code (authenticator or recovery code) that is wrong, used or stale. */
  INVALID_CODE: 401,
  /**
   * A passkey answer that is not accepted: an unknown or removed key, another account's, a
   * challenge used or expired, another origin, or a counter gone back (a cloned key).
   */
  INVALID_PASSKEY: 401,
  /** The tracker's front door: no session, or one that ended (signed out, timed out). */
  SIGN_IN_REQUIRED: 401,
  FORBIDDEN_ORIGIN: 403,
  /** A console route asked for by a signed-in account that is not an operator's. */
  OPERATOR_REQUIRED: 403,
  /** An operator whose session has not passed the second factor (or who has none set up yet). */
  SECOND_FACTOR_REQUIRED: 403,
  /**
   * A session signed in with a password the tracker's rule refuses: only the session's own
   * reading, a password change and signing out answer until a new password is set.
   */
  PASSWORD_CHANGE_REQUIRED: 403,
  SESSION_REQUIRED: 403,
  NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  TEAM_NOT_FOUND: 404,
  /** No such hold of this browser session (never made, released, or another session's). */
  HOLD_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  TOKEN_USED: 409,
  JOIN_REQUEST_DECIDED: 409,
  /** An approval or decline whose undo window has passed (or that was never made). */
  UNDO_TOO_LATE: 409,
  TEAM_FULL: 409,
  /** Find a team, asked by a member who is on a team already. */
  ON_TEAM_ALREADY: 409,
  /** Find a team, asked by a member whose join request still waits for an answer. */
  JOIN_REQUEST_WAITING: 409,
  /** Find a team: every team of the area and role is full (no other area's team is offered). */
  NO_OPEN_TEAM: 409,
  HOLD_EXTENSION_LIMIT: 409,
  /** A join request with no team yet: it must be placed on one before a decision. */
  JOIN_REQUEST_UNMATCHED: 409,
  JOIN_REQUEST_PLACED: 409,
  JOIN_REQUEST_NOT_PLACED: 409,
  /** The operator's second factor is set up already; a new one is not started over it. */
  SECOND_FACTOR_ENROLLED: 409,
  /** A check-in for a day that is not open: only today, and yesterday until noon, are. */
  CHECK_IN_CLOSED: 409,
  /** The member nudged this teammate today already (one nudge per pair per day). */
  NUDGED_ALREADY: 409,
  /** The teammate has checked in today: there is nothing to ask. */
  CHECKED_IN_ALREADY: 409,
  /** A cheer for a check-in that is not a Yes. */
  CHECK_IN_NOT_YES: 409,
  /** A reply to a check-in that has no note. */
  CHECK_IN_HAS_NO_NOTE: 409,
  /** A nudge to a teammate who has paused their check-ins. */
  TEAMMATE_PAUSED: 409,
  /** A nudge to a teammate who has turned nudge emails off. */
  NUDGES_OFF: 409,
  /** A new pause while one is going on. */
  PAUSED_ALREADY: 409,
  /** A pause past PAUSES_PER_QUARTER started this quarter. */
  PAUSE_LIMIT: 409,
  /** A capacity below the seats the team's Active members and Pending applicants take. */
  CAPACITY_BELOW_MEMBERS: 409,
  /** Another team has this name already (whatever its case). */
  TEAM_NAME_TAKEN: 409,
  /** The address invited is an operator's already. */
  ALREADY_OPERATOR: 409,
  /** An operator cannot take their own role away: another operator does it. */
  OPERATOR_SELF_REMOVAL: 409,
  /** The console always keeps one operator. */
  LAST_OPERATOR: 409,
  /** An operator's action for quiet members on a member who is not listed as quiet. */
  NOT_QUIET: 409,
  /** An operator cannot reset their own authenticator app: another operator does it. */
  SECOND_FACTOR_SELF_RESET: 409,
  /** The operator whose authenticator app is to be reset has none set up. */
  SECOND_FACTOR_NOT_SET_UP: 409,
  /** An operator's passkeys are added and removed on the console's Operators page. */
  OPERATOR_PASSKEYS_IN_CONSOLE: 409,
  TOKEN_EXPIRED: 410,
  /**
   * A check-in kept offline (sent with the time it was given) when the day's stored answer is
   * newer: nothing was changed; the stored answer comes with it.
   */
  CHECK_IN_NEWER: 412,
  HOLD_EXPIRED: 410,
  /** An Idempotency-Key sent again with other details. */
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  PHOTO_TOO_LARGE: 413,
  TOO_MANY_PARTS: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A file that is not one of the accepted image types, told by its first bytes. */
  PHOTO_NOT_IMAGE: 415,
  /** The request's headers and body took longer than the site's request time-out to arrive. */
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  TRACKER_UNAVAILABLE: 502,
  TRACKER_ERROR: 502,
  /** Too many sign-ups at once: nothing was done; try again after Retry-After seconds. */
  SIGNUP_BUSY: 503,
  SHUTTING_DOWN: 503,
  /** The instance is overloaded (its event loop lags): nothing was done; try again after Retry-After seconds. */
  OVERLOADED: 503,
  TRACKER_TIMEOUT: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Each code by its own name, for clients to compare with: `ERROR_CODES.EMAIL_TAKEN`. */
export const ERROR_CODES = Object.fromEntries(
  Object.keys(ERROR_STATUS).map((code) => [code, code]),
) as { readonly [Code in ErrorCode]: Code };
