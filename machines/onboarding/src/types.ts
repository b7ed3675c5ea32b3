/** The onboarding machine's public types: its events, context, input and the actors' shapes. */
import type {
  BookingPayload,
  Category,
  CreateUserPayload,
  CreateUserResponse,
  FeedbackPayload,
  FocusArea,
  HandOverResponse,
  Hold,
  OnboardingPayload,
  RoleArea,
  STORAGE_KEYS,
  TeamView,
} from '@app/contracts';
import type { Step } from './steps.ts';
import type { DisplayTeam, SampleReason, TeamChoice } from './team.ts';

/** A chosen photo as the machine sees it: a browser `File` fits this shape. */
export interface PhotoFile {
  size: number;
  type: string;
  name?: string;
}

/** What the team step's three buttons send; any other value is the spec's "other" branch. */
export const TEAM_CHOICES = ['yes', 'maybe', 'no'] as const;
export type TeamChoiceValue = (typeof TEAM_CHOICES)[number];

export function isTeamChoiceValue(value: string): value is TeamChoiceValue {
  return (TEAM_CHOICES as readonly string[]).includes(value);
}

export type OnboardingEvent =
  | { type: 'category.choose'; category: Category }
  /** Role step: the option picked, or the free-text goal for Other (sent as the focus area). */
  | { type: 'role.submit'; value: string }
  | { type: 'team.choose'; choice: TeamChoiceValue | (string & {}) }
  /** Look for a team again: after the hold ran out, or when the sample team is shown. */
  | { type: 'team.retry' }
  /** While the hold is ending: hold the slot for another 10 minutes (WCAG 2.2.1). */
  | { type: 'hold.extend' }
  /** After the hold ran out: take the same seat again, if it is still open. */
  | { type: 'hold.retake' }
  /**
   * The page was reloaded while a seat was held: the page gave the seat back when it went away,
   * so take it again (the app sends this once after restoring a snapshot).
   */
  | { type: 'hold.resume' }
  | { type: 'intro.submit'; name: string }
  | { type: 'goal.submit'; goal: string }
  | { type: 'commit.accept' }
  | { type: 'sync.accept' }
  | { type: 'account.submit'; email: string; password: string }
  /**
   * The account step's Sign in, offered once the address typed turned out to have an account:
   * the held seat goes with the person to the tracker's sign-in.
   */
  | { type: 'account.signIn' }
  | { type: 'profile.photoSelected'; photo: PhotoFile | null }
  | { type: 'profile.submit'; aboutMe: string; photo: PhotoFile | null }
  | { type: 'profile.skip' }
  | { type: 'booking.submit'; name: string; email: string; phone: string }
  | { type: 'feedback.submit'; name: string; email: string; feedback: string }
  /** The screen's Go back button. */
  | { type: 'nav.back' }
  /** The maybe step's Return to Homepage. */
  | { type: 'nav.home' }
  /** The URL asks for a step (back/forward/typed URL): accepted only when reachable. */
  | { type: 'nav.request'; step: Step; category: Category | null }
  /** The current time, from the `clock` actor: once at start, then every second. */
  | { type: 'clock.tick'; now: number };

export type OnboardingEventType = OnboardingEvent['type'];

/** Inline messages a screen shows, by field (plus `form` for the whole form). */
export type FormErrors = Partial<
  Record<
    | 'role'
    | 'name'
    | 'goal'
    | 'email'
    | 'password'
    | 'phone'
    | 'feedback'
    | 'photo'
    /** The held seat ran out before the join request was sent. */
    | 'hold'
    | 'form',
    string
  >
>;

/** The three lists team matching reads (spec 4, team selection step 1). */
export interface TeamLists {
  teams: TeamView[];
  focusAreas: FocusArea[];
  roleAreas: RoleArea[];
}
export type TeamListName = keyof TeamLists;

export interface OnboardingContext {
  /** Last clock reading, ms since the epoch. */
  now: number;
  category: Category | null;
  /** The role step's answer: the option picked, or Other's free-text goal. */
  focusArea: string | null;
  /** The lists' answers while matching. */
  lists: TeamLists;
  /** Teams to try while matching, best first; the first is the one being held. */
  candidates: TeamChoice[];
  /**
   * The team whose released seat the visitor passed on with Look for another team: tried last,
   * so another team is offered when there is one.
   */
  passedTeamId?: string | null;
  /** The team shown on the team step (the tracker's, or the sample team). */
  team: DisplayTeam | null;
  /** Why the sample team would be, or is, shown. */
  sampleReason: SampleReason;
  /** The server's id of the held seat; null when nothing is held. */
  holdId: string | null;
  /**
   * When the held seat is released, ms since the epoch on this browser's clock: the reading of
   * the clock when the server answered, plus the seconds it said were left.
   */
  holdExpiresAt: number | null;
  /** Index in LINEAR_STEPS of the furthest yes-path step reached; -1 before the team step. */
  reached: number;
  name: string;
  goal: string;
  userId: string | null;
  /** The address the account was created with: thank-you says where the confirmation went. */
  email: string;
  /**
   * The account step's address already has an account (the sign-up was refused with
   * EMAIL_TAKEN): the step offers Sign in for it, while that refusal is what the form shows.
   */
  accountExists: boolean;
  errors: FormErrors;
  profileSaved: boolean;
  /** ISO instant of the next info call. */
  bookingDate: string | null;
  /** True when the next-date call failed and the date is today + 2 days. */
  bookingDateIsFallback: boolean;
}

export interface OnboardingInput {
  /** The current time, ms since the epoch (the app passes Date.now()). */
  now: number;
}

export interface ToastParams {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export type StorageValues = Partial<Record<StorageKey, string>>;

export interface UpdateProfileInput {
  userId: string;
  aboutMe: string;
  photo: PhotoFile | null;
}

/**
 * Where Sign in on the account step takes the person: the tracker's sign-in, with the held seat
 * handed over (its id and the hand-over's token), or without a seat when none is held.
 */
export interface SignInParams {
  seat: { id: string; key: string } | null;
}

/** The seat the server holds: what the machine reads of the contract's `Hold`. */
export type HeldSeat = Pick<Hold, 'id' | 'secondsLeft'>;

/** Inputs and outputs of the actors the app supplies, typed with the contracts. */
export interface OnboardingActorTypes {
  submitOnboarding: { input: OnboardingPayload; output: unknown };
  /** One of the lists team matching reads, as `{ [list]: items }`. */
  fetchList: { input: { list: TeamListName }; output: Partial<TeamLists> };
  fetchTeam: { input: { id: string }; output: TeamView };
  createHold: { input: { teamId: string }; output: HeldSeat };
  extendHold: { input: { holdId: string }; output: HeldSeat };
  releaseHold: { input: { holdId: string }; output: unknown };
  createUser: { input: CreateUserPayload; output: CreateUserResponse };
  /**
   * The held seat, handed over to the tracker's sign-in of the account with this address: the
   * answer names the seat handed over with its token (the hold may end on this page meanwhile).
   */
  handOverHold: {
    input: { holdId: string; email: string };
    output: HandOverResponse & { holdId: string };
  };
  updateProfile: { input: UpdateProfileInput; output: unknown };
  /** The ISO instant of the next info call. */
  fetchNextBookingDate: { input: undefined; output: string };
  submitBooking: { input: BookingPayload; output: unknown };
  submitFeedback: { input: FeedbackPayload; output: unknown };
}
