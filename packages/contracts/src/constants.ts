/** Business constants of the product (spec section 9). Every other package reads them from here. */

export const CATEGORIES = ['work', 'school', 'god', 'other'] as const;

export function isCategory(value: string): value is (typeof CATEGORIES)[number] {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Slot hold countdown, in seconds (spec 9). */
export const HOLD_SECONDS = 600;
/**
 * How many times one hold may be extended (each time to HOLD_SECONDS from then). WCAG 2.2.1 asks
 * that a time limit can be extended at least ten times; the cap keeps a seat from being held for
 * ever.
 */
export const HOLD_MAX_EXTENSIONS = 10;
/** WCAG 2.2.1: warn at least 20 s before a time limit ends. We warn at 60 s to leave time to react. */
export const HOLD_WARNING_SECONDS = 60;
/** Team fetch time-out, after which the fallback sample team is shown (spec 9). */
export const TEAM_FETCH_TIMEOUT_MS = 10_000;
/** Number of members in the fallback sample team (spec 4, team selection step 5). */
export const FALLBACK_TEAM_SIZE = 3;
/** Profile photo limit: 5 MB (spec 9). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Booking phone minimum length (spec 5). */
export const PHONE_MIN_LENGTH = 7;
/** Info calls take place at 1:00 PM Mountain Time (spec 9). */
export const BOOKING_TIME_ZONE = 'America/Denver';
export const BOOKING_HOUR = 13;
/** When the next-date call fails, the date shown is today plus this many days (spec 8). */
export const BOOKING_FALLBACK_DAYS = 2;
/** Join requests are answered within this many days (spec 9). */
export const JOIN_RESPONSE_DAYS = 5;
/** Tracker API keys: 28 characters starting with a fixed prefix (spec 9). */
export const API_KEY_LENGTH = 28;
export const API_KEY_PREFIX = 'acp_';
export const API_KEY_RULE = `${API_KEY_LENGTH} characters starting with '${API_KEY_PREFIX}'`;

export function isWellFormedApiKey(key: string): boolean {
  return key.length === API_KEY_LENGTH && key.startsWith(API_KEY_PREFIX);
}
/** Toasts (spec 9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;
/** Analytics event sent on the confirm screen (spec 7). */
export const ONBOARD_SUCCESS_EVENT = 'Onboard_success_page_loaded';

/** Browser storage keys, exactly as the spec names them (spec 3). */
export const STORAGE_KEYS = {
  name: 'onboarding_name',
  goal: 'onboarding_goal',
  selectedTeamName: 'selected_team_name',
  selectedTeamId: 'selected_team_id',
  selectedTeamData: 'selected_team_data',
  teamData: 'team_data',
  createdUserId: 'created_user_id',
} as const;

/** Built-in id mappings used when the focus-area and role-area lists are empty (spec 4, step 1). */
export const BUILTIN_FOCUS_AREA_IDS = {
  work: 1,
  school: 2,
  god: 3,
  other: 4,
} as const;

export const BUILTIN_ROLE_IDS = {
  'spiritually young christian': 1,
  'spiritually old christian': 2,
  'spiritual - other': 3,
  student: 4,
  teacher: 5,
  'adult learner': 6,
  professional: 7,
  entrepreneur: 8,
  'job seeker': 9,
} as const;

/** Defaults of the normalised member (spec 3), wherever a member is shown. */
export const MEMBER_DEFAULTS = {
  name: 'Team Member',
  aboutMe: 'Team Member',
  goalSummary: 'Has accountability goals',
} as const;

/** The role step's options per category (spec 2). Other takes a free-text goal instead. */
export const ROLE_OPTIONS = {
  work: ['Employee', 'Management', 'Entrepreneur'],
  school: ['High School Student', 'College Student', 'Adult Learner'],
  god: ['Spiritually Young Christian', 'Spiritually Old Christian', 'Spiritual - Other'],
  other: [],
} as const satisfies Record<(typeof CATEGORIES)[number], readonly string[]>;

/** The longest search an operator can type in the console (part of a name or an address). */
export const SEARCH_MAX = 100;

/** Every action the audit log records, as stored in its `action` column. */
export const AUDIT_ACTIONS = [
  'join-request.approved',
  'join-request.declined',
  'join-request.undone',
  'join-request.placed',
  'join-request.moved',
  'join-request.unplaced',
  'team.created',
  'team.capacity',
  'team-call.set',
  'info-call.outcome',
  'feedback.read',
  'operator.invited',
  'operator.removed',
  'second-factor.enrolled',
  'quiet-member.noted',
  'quiet-member.seat-freed',
  'quiet-member.seat-restored',
  'second-factor.recovery-codes',
  'second-factor.reset',
  'member.exported',
  'passkey.registered',
  'passkey.removed',
] as const;

export function isAuditAction(value: string): value is (typeof AUDIT_ACTIONS)[number] {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * Whether a prospect can choose the role called `roleName` in the area called `areaName` on the
 * site's role step (names compare case-insensitively, as the site maps names to ids). A team
 * with any other role never matches by role; the console offers only these.
 */
export function isChoosableRole(areaName: string, roleName: string): boolean {
  const category = CATEGORIES.find((c) => c === areaName.trim().toLowerCase());
  if (category === undefined) return false;
  const options: readonly string[] = ROLE_OPTIONS[category];
  return options.some((option) => option.toLowerCase() === roleName.trim().toLowerCase());
}

/**
 * The longest text each field accepts, in characters: the schemas refuse longer input and the
 * forms set these as the inputs' maxLength.
 */
export const TEXT_LIMITS = {
  name: 200,
  goal: 1000,
  focusArea: 500,
  email: 254,
  password: 1024,
  phone: 40,
  feedback: 5000,
  aboutMe: 2000,
} as const;

/** Member sessions on the tracker: idle and absolute limits (OWASP ASVS 5.0, V7.3). */
export const MEMBER_SESSION_IDLE_MINUTES = 30;
export const MEMBER_SESSION_ABSOLUTE_HOURS = 12;
