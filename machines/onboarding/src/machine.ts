/**
 * The onboarding statechart: every state and transition of spec section 4 in one place.
 *
 * Pure: every call is a named actor and every browser effect a named action, both supplied by the
 * app (and by tests) with `onboardingMachine.provide(...)`. Time arrives only as `clock.tick`
 * events from the `clock` actor, so nothing here reads the wall clock.
 */
import {
  AccountForm,
  BookingForm,
  type BookingPayload,
  type Category,
  type CreateUserPayload,
  CreateUserResponse,
  FeedbackForm,
  type FeedbackPayload,
  GoalForm,
  MESSAGES,
  NameForm,
  NextAvailableDateResponse,
  ONBOARD_SUCCESS_EVENT,
  type OnboardingPayload,
  photoError,
  ROLE_OPTIONS,
  RoleChoiceForm,
  RoleGoalForm,
  STORAGE_KEYS,
  TEAM_FETCH_TIMEOUT_MS,
} from '@app/contracts';
import {
  and,
  assertEvent,
  assign,
  type EventObject,
  fromCallback,
  fromPromise,
  type NonReducibleUnknown,
  not,
  setup,
  stateIn,
} from 'xstate';
import { fallbackBookingDate } from './booking.ts';
import { accountFieldErrors, bookingErrorMessage, createUserErrorMessage } from './failure.ts';
import { HOLD_MS, isHoldEnding, secondsLeft } from './hold.ts';
import { type LinearStep, linearIndex, type ScreenMeta, type Step, screen } from './steps.ts';
import {
  type DisplayTeam,
  SAMPLE_TEAM,
  selectTeam,
  type TeamChoice,
  toDisplayTeam,
} from './team.ts';

/* ------------------------------------------------------------------ */
/* Public types                                                         */
/* ------------------------------------------------------------------ */

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
  /** After the hold ran out: look for a team again. */
  | { type: 'team.retry' }
  /** While the hold is ending: hold the slot for another 10 minutes (WCAG 2.2.1). */
  | { type: 'hold.extend' }
  | { type: 'intro.submit'; name: string }
  | { type: 'goal.submit'; goal: string }
  | { type: 'commit.accept' }
  | { type: 'sync.accept' }
  | { type: 'account.submit'; email: string; password: string }
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
    'role' | 'name' | 'goal' | 'email' | 'password' | 'phone' | 'feedback' | 'photo' | 'form',
    string
  >
>;

export interface OnboardingContext {
  /** Last clock reading, ms since the epoch. */
  now: number;
  category: Category | null;
  /** The role step's answer: the option picked, or Other's free-text goal. */
  focusArea: string | null;
  /** Raw answers of the list calls while matching (any JSON; read defensively). */
  lists: { teams: unknown; focusAreas: unknown; roleAreas: unknown };
  teamChoice: TeamChoice | null;
  /** The team shown on the team step (the tracker's, or the sample team). */
  team: DisplayTeam | null;
  /** When the held slot is released, ms since the epoch; null when nothing is held. */
  holdExpiresAt: number | null;
  /** Index in LINEAR_STEPS of the furthest yes-path step reached; -1 before the team step. */
  reached: number;
  name: string;
  goal: string;
  userId: string | null;
  /** The address the account was created with: thank-you says where the confirmation went. */
  email: string;
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

/** Inputs of the actors the app supplies (outputs are read defensively: `unknown`). */
export interface OnboardingActorInputs {
  submitOnboarding: OnboardingPayload;
  fetchTeams: NonReducibleUnknown;
  fetchFocusAreas: NonReducibleUnknown;
  fetchRoleAreas: NonReducibleUnknown;
  fetchTeam: { id: string };
  createUser: CreateUserPayload;
  updateProfile: UpdateProfileInput;
  fetchNextBookingDate: NonReducibleUnknown;
  submitBooking: BookingPayload;
  submitFeedback: FeedbackPayload;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

function notSupplied(name: string) {
  return () => Promise.reject(new Error(`The ${name} actor is supplied by the app`));
}

function holdExpired(context: OnboardingContext): boolean {
  return context.holdExpiresAt !== null && secondsLeft(context.holdExpiresAt, context.now) <= 0;
}

function firstIssues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): FormErrors {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

function roleForm(category: Category | null, value: string) {
  const options: readonly string[] = category === null ? [] : ROLE_OPTIONS[category];
  if (options.length === 0) return RoleGoalForm.safeParse({ focusArea: value });
  const parsed = RoleChoiceForm.safeParse({ role: value });
  if (parsed.success && !options.includes(parsed.data.role)) {
    return RoleChoiceForm.safeParse({ role: '' });
  }
  return parsed;
}

function emptyLists(): OnboardingContext['lists'] {
  return { teams: [], focusAreas: [], roleAreas: [] };
}

export function initialContext(input: OnboardingInput): OnboardingContext {
  return {
    now: input.now,
    category: null,
    focusArea: null,
    lists: emptyLists(),
    teamChoice: null,
    team: null,
    holdExpiresAt: null,
    reached: -1,
    name: '',
    goal: '',
    userId: null,
    email: '',
    errors: {},
    profileSaved: false,
    bookingDate: null,
    bookingDateIsFallback: false,
  };
}

function createUserAnswer(event: EventObject): CreateUserResponse | null {
  if (!('output' in event)) return null;
  const parsed = CreateUserResponse.safeParse(event.output);
  return parsed.success ? parsed.data : null;
}

/** Spec 8: the error text of a failed account creation (an unreadable answer included). */
function accountFailureText(event: EventObject): string {
  return 'error' in event ? createUserErrorMessage(event.error) : MESSAGES.invalidServerResponse;
}

function teamStorageValues(team: DisplayTeam | null): StorageValues {
  const shown = team ?? SAMPLE_TEAM;
  return {
    [STORAGE_KEYS.selectedTeamName]: shown.name,
    [STORAGE_KEYS.selectedTeamId]: shown.id,
    [STORAGE_KEYS.selectedTeamData]: JSON.stringify({ id: shown.id, name: shown.name }),
    [STORAGE_KEYS.teamData]: JSON.stringify(shown),
  };
}

/** `nav.request` transitions into the steps of the team region, one per step. */
function stepRequest(step: Step, id: string) {
  return {
    guard: and([{ type: 'canRequest' as const, params: { step } }, not(stateIn(`#${id}`))]),
    target: `#${id}`,
  };
}

/* ------------------------------------------------------------------ */
/* The machine                                                          */
/* ------------------------------------------------------------------ */

export const onboardingSetup = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    meta: {} as ScreenMeta,
    tags: {} as 'busy',
  },
  actors: {
    submitOnboarding: fromPromise<unknown, OnboardingPayload>(notSupplied('submitOnboarding')),
    fetchTeams: fromPromise<unknown>(notSupplied('fetchTeams')),
    fetchFocusAreas: fromPromise<unknown>(notSupplied('fetchFocusAreas')),
    fetchRoleAreas: fromPromise<unknown>(notSupplied('fetchRoleAreas')),
    fetchTeam: fromPromise<unknown, { id: string }>(notSupplied('fetchTeam')),
    createUser: fromPromise<unknown, CreateUserPayload>(notSupplied('createUser')),
    updateProfile: fromPromise<unknown, UpdateProfileInput>(notSupplied('updateProfile')),
    fetchNextBookingDate: fromPromise<unknown>(notSupplied('fetchNextBookingDate')),
    submitBooking: fromPromise<unknown, BookingPayload>(notSupplied('submitBooking')),
    submitFeedback: fromPromise<unknown, FeedbackPayload>(notSupplied('submitFeedback')),
    /** Sends `clock.tick` with the current time at once and then every second. */
    clock: fromCallback<EventObject>(() => undefined),
  },
  delays: {
    teamFetchTimeout: TEAM_FETCH_TIMEOUT_MS,
  },
  guards: {
    validRole: ({ context, event }) =>
      event.type === 'role.submit' && roleForm(context.category, event.value).success,
    validName: ({ event }) =>
      event.type === 'intro.submit' && NameForm.safeParse({ name: event.name }).success,
    validGoal: ({ event }) =>
      event.type === 'goal.submit' && GoalForm.safeParse({ goal: event.goal }).success,
    validAccount: ({ event }) =>
      event.type === 'account.submit' && AccountForm.safeParse(event).success,
    validBooking: ({ event }) =>
      event.type === 'booking.submit' && BookingForm.safeParse(event).success,
    validFeedback: ({ event }) =>
      event.type === 'feedback.submit' && FeedbackForm.safeParse(event).success,
    teamAvailable: ({ context }) =>
      selectTeam({
        ...context.lists,
        focusAreaName: context.category ?? '',
        roleName: context.focusArea ?? '',
      }) !== null,
    teamHasMembers: ({ context, event }) =>
      'output' in event && toDisplayTeam(event.output, context.teamChoice?.name) !== null,
    isChoice: ({ event }, params: { choice: string }) =>
      event.type === 'team.choose' && event.choice === params.choice,
    isOtherChoice: ({ event }) => event.type === 'team.choose' && !isTeamChoiceValue(event.choice),
    holdExpired: ({ context }) => holdExpired(context),
    holdEnding: ({ context }) =>
      context.holdExpiresAt !== null && isHoldEnding(context.holdExpiresAt, context.now),
    canRequest: ({ context, event }, params: { step: Step }) => {
      if (event.type !== 'nav.request' || event.step !== params.step) return false;
      if (params.step === 'category') return true;
      if (event.category !== context.category) return false;
      const index = linearIndex(params.step);
      if (index > 0 && holdExpired(context)) return false;
      return index < 0 || index <= context.reached;
    },
    requestsOtherCategory: ({ context, event }) =>
      event.type === 'nav.request' &&
      event.step === 'role' &&
      event.category !== null &&
      event.category !== context.category,
    createUserAnswered: ({ event }) => createUserAnswer(event) !== null,
    joinRequestWarned: ({ event }) => createUserAnswer(event)?.joinRequestWarning !== undefined,
    joinRequestSent: ({ event }) => createUserAnswer(event)?.joinRequestSuccess === true,
    photoRejected: ({ context, event }) =>
      context.errors.photo !== undefined ||
      (event.type === 'profile.submit' && event.photo !== null && photoError(event.photo) !== null),
    bookingDateAnswered: ({ event }) =>
      'output' in event && NextAvailableDateResponse.safeParse(event.output).success,
  },
  actions: {
    /* Effects the app supplies. */
    showToast: (_, _params: ToastParams) => {},
    saveToStorage: (_, _params: { values: StorageValues }) => {},
    track: (_, _params: { event: string }) => {},

    /* Context updates. */
    recordTime: assign({
      now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now),
    }),
    setCategory: assign(({ context, event }) => {
      const category =
        event.type === 'category.choose' || event.type === 'nav.request'
          ? event.category
          : context.category;
      if (category === context.category) return {};
      return { category, focusArea: null, errors: {} };
    }),
    setFocusArea: assign({
      focusArea: ({ context, event }) =>
        event.type === 'role.submit' ? event.value.trim() : context.focusArea,
      errors: {},
    }),
    rejectRole: assign({
      errors: ({ context, event }) =>
        event.type === 'role.submit'
          ? { role: roleForm(context.category, event.value).error?.issues[0]?.message }
          : {},
    }),
    clearErrors: assign({ errors: {} }),
    resetTeam: assign({
      lists: emptyLists,
      errors: {},
      bookingDate: null,
      bookingDateIsFallback: false,
      teamChoice: null,
      team: null,
      holdExpiresAt: null,
      reached: -1,
    }),
    storeTeams: assign({
      lists: ({ context, event }) =>
        'output' in event ? { ...context.lists, teams: event.output } : context.lists,
    }),
    storeFocusAreas: assign({
      lists: ({ context, event }) =>
        'output' in event ? { ...context.lists, focusAreas: event.output } : context.lists,
    }),
    storeRoleAreas: assign({
      lists: ({ context, event }) =>
        'output' in event ? { ...context.lists, roleAreas: event.output } : context.lists,
    }),
    chooseTeam: assign({
      teamChoice: ({ context }) =>
        selectTeam({
          ...context.lists,
          focusAreaName: context.category ?? '',
          roleName: context.focusArea ?? '',
        }),
      // The lists served their purpose: keep the persisted snapshot small.
      lists: emptyLists,
    }),
    useFetchedTeam: assign({
      team: ({ context, event }) =>
        ('output' in event ? toDisplayTeam(event.output, context.teamChoice?.name) : null) ??
        SAMPLE_TEAM,
    }),
    useSampleTeam: assign({ team: SAMPLE_TEAM, lists: emptyLists }),
    startHold: assign({ holdExpiresAt: ({ context }) => context.now + HOLD_MS }),
    extendHold: assign({ holdExpiresAt: ({ context }) => context.now + HOLD_MS }),
    releaseHold: assign({ holdExpiresAt: null }),
    markReached: assign({
      reached: ({ context }, params: { step: LinearStep }) =>
        Math.max(context.reached, linearIndex(params.step)),
      errors: {},
    }),
    setName: assign({
      name: ({ context, event }) =>
        event.type === 'intro.submit' ? event.name.trim() : context.name,
    }),
    rejectName: assign({
      errors: ({ event }) =>
        event.type === 'intro.submit' ? firstIssues(NameForm.safeParse({ name: event.name })) : {},
    }),
    setGoal: assign({
      goal: ({ context, event }) =>
        event.type === 'goal.submit' ? event.goal.trim() : context.goal,
    }),
    rejectGoal: assign({
      errors: ({ event }) =>
        event.type === 'goal.submit' ? firstIssues(GoalForm.safeParse({ goal: event.goal })) : {},
    }),
    rejectAccount: assign({
      errors: ({ event }) =>
        event.type === 'account.submit' ? firstIssues(AccountForm.safeParse(event)) : {},
    }),
    setUserId: assign({
      userId: ({ context, event }) => {
        const parsed = CreateUserResponse.safeParse('output' in event ? event.output : undefined);
        return parsed.success ? String(parsed.data.user.id) : context.userId;
      },
      errors: {},
    }),
    setEmail: assign({
      email: ({ context, event }) =>
        event.type === 'account.submit' ? event.email.trim() : context.email,
    }),
    // A refusal about a field (a taken address, a refused password) is shown against that field;
    // anything else against the whole form.
    failAccount: assign({
      errors: ({ event }) => {
        const fields = 'error' in event ? accountFieldErrors(event.error) : {};
        return Object.keys(fields).length > 0 ? fields : { form: accountFailureText(event) };
      },
    }),
    // Runs on choosing a photo and on submitting: a rejected photo keeps its message on screen
    // for as long as it stays chosen (spec 5: submission is blocked while the error stands).
    checkPhoto: assign({
      errors: ({ event }) => {
        if (event.type !== 'profile.photoSelected' && event.type !== 'profile.submit') return {};
        if (event.photo === null) return {};
        const message = photoError(event.photo);
        return message === null ? {} : { photo: message };
      },
    }),
    setBookingDate: assign({
      bookingDate: ({ event }) => {
        const parsed = NextAvailableDateResponse.safeParse('output' in event ? event.output : null);
        return parsed.success ? parsed.data.date : null;
      },
      bookingDateIsFallback: false,
    }),
    useFallbackBookingDate: assign({
      bookingDate: ({ context }) => fallbackBookingDate(context.now),
      bookingDateIsFallback: true,
    }),
    rejectBooking: assign({
      errors: ({ event }) =>
        event.type === 'booking.submit' ? firstIssues(BookingForm.safeParse(event)) : {},
    }),
    failBooking: assign({
      errors: ({ event }) => ({ form: bookingErrorMessage('error' in event ? event.error : null) }),
    }),
    rejectFeedback: assign({
      errors: ({ event }) =>
        event.type === 'feedback.submit' ? firstIssues(FeedbackForm.safeParse(event)) : {},
    }),
    markProfileSaved: assign({ profileSaved: true }),
  },
});

const storeUserId = {
  type: 'saveToStorage',
  params: ({ context }: { context: OnboardingContext }) => ({
    values: { [STORAGE_KEYS.createdUserId]: context.userId ?? '' },
  }),
} as const;

const accountErrorToast = {
  type: 'showToast',
  params: ({ event }: { event: EventObject }): ToastParams => ({
    title: MESSAGES.createUserErrorTitle,
    description: accountFailureText(event),
    variant: 'destructive',
  }),
} as const;

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => initialContext(input),
  invoke: { id: 'clock', src: 'clock' },
  on: { 'clock.tick': { actions: 'recordTime' } },
  initial: 'category',
  states: {
    category: {
      id: 'category',
      meta: screen('category', 'Choose your area'),
      entry: 'resetTeam',
      on: {
        'category.choose': { target: 'role', actions: 'setCategory' },
        'nav.request': { guard: 'requestsOtherCategory', target: 'role', actions: 'setCategory' },
      },
    },

    role: {
      id: 'role',
      meta: screen('role', 'Your role'),
      // Back on the role step the team and its slot are let go; a new answer matches afresh.
      entry: 'resetTeam',
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'role.submit': [
              { guard: 'validRole', target: 'submitting', actions: 'setFocusArea' },
              { actions: 'rejectRole' },
            ],
            // Spec 2: the role step's Go back link returns to /.
            'nav.back': { target: '#home' },
            'nav.request': [
              { guard: { type: 'canRequest', params: { step: 'category' } }, target: '#category' },
              {
                guard: 'requestsOtherCategory',
                target: '#role',
                reenter: true,
                actions: 'setCategory',
              },
            ],
          },
        },
        submitting: {
          tags: 'busy',
          on: { 'nav.*': {} },
          invoke: {
            id: 'submitOnboarding',
            src: 'submitOnboarding',
            input: ({ context }) => ({
              category: context.category ?? 'other',
              focusArea: context.focusArea ?? '',
            }),
            onDone: { target: '#matching' },
            onError: {
              target: 'choosing',
              actions: {
                type: 'showToast',
                params: {
                  title: MESSAGES.onboardingErrorTitle,
                  description: MESSAGES.onboardingError,
                  variant: 'destructive',
                },
              },
            },
          },
        },
      },
    },

    // Team selection (spec 4): the three lists in parallel, then the chosen team's details; any
    // failure, a team without Active members, or 10 s without an answer shows the sample team.
    matching: {
      id: 'matching',
      meta: screen('team', 'Finding your team'),
      entry: 'resetTeam',
      initial: 'lists',
      after: { teamFetchTimeout: { target: '#matched', actions: 'useSampleTeam' } },
      on: {
        'nav.back': { target: '#role' },
        'nav.request': [
          { guard: { type: 'canRequest', params: { step: 'role' } }, target: '#role' },
          { guard: { type: 'canRequest', params: { step: 'category' } }, target: '#category' },
        ],
      },
      states: {
        lists: {
          type: 'parallel',
          onDone: [
            { guard: 'teamAvailable', target: 'details', actions: 'chooseTeam' },
            { target: '#matched', actions: 'useSampleTeam' },
          ],
          states: {
            teams: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchTeams',
                    src: 'fetchTeams',
                    onDone: { target: 'loaded', actions: 'storeTeams' },
                    onError: { target: 'loaded' },
                  },
                },
                loaded: { type: 'final' },
              },
            },
            focusAreas: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchFocusAreas',
                    src: 'fetchFocusAreas',
                    onDone: { target: 'loaded', actions: 'storeFocusAreas' },
                    onError: { target: 'loaded' },
                  },
                },
                loaded: { type: 'final' },
              },
            },
            roleAreas: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchRoleAreas',
                    src: 'fetchRoleAreas',
                    onDone: { target: 'loaded', actions: 'storeRoleAreas' },
                    onError: { target: 'loaded' },
                  },
                },
                loaded: { type: 'final' },
              },
            },
          },
        },
        details: {
          invoke: {
            id: 'fetchTeam',
            src: 'fetchTeam',
            input: ({ context }) => ({ id: context.teamChoice?.id ?? '' }),
            onDone: [
              { guard: 'teamHasMembers', target: '#matched', actions: 'useFetchedTeam' },
              { target: '#matched', actions: 'useSampleTeam' },
            ],
            onError: { target: '#matched', actions: 'useSampleTeam' },
          },
        },
      },
    },

    // A team is shown and its slot is held; the yes-path steps and maybe/no run beside the hold.
    matched: {
      id: 'matched',
      type: 'parallel',
      entry: [
        'startHold',
        // Spec 4, team selection step 6: the chosen team is saved in browser storage.
        {
          type: 'saveToStorage',
          params: ({ context }) => ({ values: teamStorageValues(context.team) }),
        },
      ],
      exit: 'releaseHold',
      states: {
        step: {
          initial: 'team',
          on: {
            'nav.request': [
              stepRequest('team', 'team'),
              stepRequest('intro', 'intro'),
              stepRequest('goal', 'goal'),
              stepRequest('commit', 'commit'),
              stepRequest('sync', 'sync'),
              stepRequest('account', 'account'),
              stepRequest('maybe', 'maybe'),
              stepRequest('no', 'no'),
              { guard: { type: 'canRequest', params: { step: 'role' } }, target: '#role' },
              { guard: { type: 'canRequest', params: { step: 'category' } }, target: '#category' },
            ],
          },
          states: {
            team: {
              id: 'team',
              meta: screen('team', 'Your team'),
              entry: { type: 'markReached', params: { step: 'team' } },
              on: {
                'team.choose': [
                  {
                    guard: and([
                      { type: 'isChoice', params: { choice: 'yes' } },
                      not('holdExpired'),
                    ]),
                    target: 'intro',
                  },
                  { guard: { type: 'isChoice', params: { choice: 'maybe' } }, target: 'maybe' },
                  { guard: { type: 'isChoice', params: { choice: 'no' } }, target: 'no' },
                  {
                    guard: 'isOtherChoice',
                    target: '#home',
                    actions: {
                      type: 'showToast',
                      params: { title: MESSAGES.teamOtherTitle, description: MESSAGES.teamOther },
                    },
                  },
                ],
                'team.retry': { guard: 'holdExpired', target: '#matching' },
                'nav.back': { target: '#role' },
              },
            },
            intro: {
              id: 'intro',
              meta: screen('intro', 'Your name'),
              entry: { type: 'markReached', params: { step: 'intro' } },
              // Once the hold has run out the slot is gone: back to the team step, which offers
              // to look for a team again. What was typed so far is kept.
              always: { guard: 'holdExpired', target: 'team' },
              on: {
                'intro.submit': [
                  {
                    guard: 'validName',
                    target: 'goal',
                    actions: [
                      'setName',
                      {
                        type: 'saveToStorage',
                        params: ({ context }) => ({
                          values: { [STORAGE_KEYS.name]: context.name },
                        }),
                      },
                    ],
                  },
                  { actions: 'rejectName' },
                ],
                'nav.back': { target: 'team' },
              },
            },
            goal: {
              id: 'goal',
              meta: screen('goal', 'Your goal'),
              entry: { type: 'markReached', params: { step: 'goal' } },
              always: { guard: 'holdExpired', target: 'team' },
              on: {
                'goal.submit': [
                  {
                    guard: 'validGoal',
                    target: 'commit',
                    actions: [
                      'setGoal',
                      {
                        type: 'saveToStorage',
                        params: ({ context }) => ({
                          values: { [STORAGE_KEYS.goal]: context.goal },
                        }),
                      },
                    ],
                  },
                  { actions: 'rejectGoal' },
                ],
                'nav.back': { target: 'intro' },
              },
            },
            commit: {
              id: 'commit',
              meta: screen('commit', 'Your commitment'),
              entry: { type: 'markReached', params: { step: 'commit' } },
              always: { guard: 'holdExpired', target: 'team' },
              on: {
                'commit.accept': { target: 'sync' },
                'nav.back': { target: 'goal' },
              },
            },
            sync: {
              id: 'sync',
              meta: screen('sync', 'Check-ins'),
              entry: { type: 'markReached', params: { step: 'sync' } },
              always: { guard: 'holdExpired', target: 'team' },
              on: {
                'sync.accept': { target: 'account' },
                'nav.back': { target: 'commit' },
              },
            },
            account: {
              id: 'account',
              meta: screen('account', 'Create your account'),
              entry: { type: 'markReached', params: { step: 'account' } },
              initial: 'editing',
              states: {
                editing: {
                  always: { guard: 'holdExpired', target: '#team' },
                  on: {
                    'account.submit': [
                      {
                        guard: 'validAccount',
                        target: 'submitting',
                        actions: ['clearErrors', 'setEmail'],
                      },
                      { actions: 'rejectAccount' },
                    ],
                    'nav.back': { target: '#sync' },
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'nav.*': {} },
                  invoke: {
                    id: 'createUser',
                    src: 'createUser',
                    input: ({ context, event }) => {
                      assertEvent(event, 'account.submit');
                      return {
                        email: event.email.trim(),
                        password: event.password,
                        name: context.name,
                        goalSummary: context.goal,
                        teamId: context.team?.id ?? '',
                      };
                    },
                    onDone: [
                      {
                        guard: 'joinRequestWarned',
                        target: '#confirm',
                        actions: [
                          'setUserId',
                          storeUserId,
                          {
                            type: 'showToast',
                            params: {
                              title: MESSAGES.joinRequestWarningTitle,
                              description: MESSAGES.joinRequestWarning,
                            },
                          },
                        ],
                      },
                      {
                        guard: 'joinRequestSent',
                        target: '#confirm',
                        actions: [
                          'setUserId',
                          storeUserId,
                          {
                            type: 'showToast',
                            params: {
                              title: MESSAGES.joinRequestSuccessTitle,
                              description: MESSAGES.joinRequestSuccess,
                            },
                          },
                        ],
                      },
                      {
                        guard: 'createUserAnswered',
                        target: '#confirm',
                        actions: ['setUserId', storeUserId],
                      },
                      { target: 'editing', actions: ['failAccount', accountErrorToast] },
                    ],
                    onError: { target: 'editing', actions: ['failAccount', accountErrorToast] },
                  },
                },
              },
            },
            maybe: {
              id: 'maybe',
              meta: screen('maybe', 'Book an info call'),
              initial: 'loadingDate',
              entry: 'clearErrors',
              on: {
                'nav.back': { target: 'team' },
                'nav.home': { target: '#home' },
              },
              states: {
                loadingDate: {
                  invoke: {
                    id: 'fetchNextBookingDate',
                    src: 'fetchNextBookingDate',
                    onDone: [
                      {
                        guard: 'bookingDateAnswered',
                        target: 'editing',
                        actions: 'setBookingDate',
                      },
                      { target: 'editing', actions: 'useFallbackBookingDate' },
                    ],
                    onError: { target: 'editing', actions: 'useFallbackBookingDate' },
                  },
                },
                editing: {
                  on: {
                    'booking.submit': [
                      { guard: 'validBooking', target: 'submitting', actions: 'clearErrors' },
                      { actions: 'rejectBooking' },
                    ],
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'nav.*': {} },
                  invoke: {
                    id: 'submitBooking',
                    src: 'submitBooking',
                    input: ({ context, event }) => {
                      assertEvent(event, 'booking.submit');
                      return {
                        name: event.name.trim(),
                        email: event.email.trim(),
                        phone: event.phone.trim(),
                        category: context.category ?? 'other',
                      };
                    },
                    onDone: {
                      target: '#maybeSubmitted',
                      actions: {
                        type: 'showToast',
                        params: {
                          title: MESSAGES.bookingConfirmedTitle,
                          description: MESSAGES.bookingConfirmed,
                        },
                      },
                    },
                    onError: { target: 'editing', actions: 'failBooking' },
                  },
                },
              },
            },
            no: {
              id: 'no',
              meta: screen('no', 'Tell us why'),
              initial: 'editing',
              entry: 'clearErrors',
              states: {
                editing: {
                  on: {
                    'feedback.submit': [
                      { guard: 'validFeedback', target: 'submitting', actions: 'clearErrors' },
                      { actions: 'rejectFeedback' },
                    ],
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'nav.*': {} },
                  invoke: {
                    id: 'submitFeedback',
                    src: 'submitFeedback',
                    input: ({ context, event }) => {
                      assertEvent(event, 'feedback.submit');
                      return {
                        name: event.name.trim(),
                        email: event.email.trim(),
                        feedback: event.feedback.trim(),
                        category: context.category ?? 'other',
                      };
                    },
                    onDone: { target: '#noThankYou' },
                    onError: {
                      target: 'editing',
                      actions: {
                        type: 'showToast',
                        params: {
                          title: MESSAGES.feedbackErrorTitle,
                          description: MESSAGES.feedbackError,
                          variant: 'destructive',
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },

        // The 600 s hold (spec 4): ends up expired when the clock passes the absolute expiry;
        // from 60 s before the end it offers a one-step extension (WCAG 2.2.1).
        hold: {
          initial: 'counting',
          states: {
            counting: {
              always: [
                { guard: 'holdExpired', target: 'expired' },
                { guard: 'holdEnding', target: 'ending' },
              ],
            },
            ending: {
              always: { guard: 'holdExpired', target: 'expired' },
              on: { 'hold.extend': { target: 'counting', actions: 'extendHold' } },
            },
            expired: {},
          },
        },
      },
    },

    confirm: {
      id: 'confirm',
      meta: screen('confirm', 'Join request sent'),
      entry: { type: 'track', params: { event: ONBOARD_SUCCESS_EVENT } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.photoSelected': { actions: 'checkPhoto' },
            // Spec 4 sends a user without a stored id straight to thank-you; here confirm is only
            // ever entered with the created user's id, so that case cannot arise.
            'profile.submit': [
              {
                guard: 'photoRejected',
                actions: [
                  'checkPhoto',
                  {
                    type: 'showToast',
                    params: ({ context, event }) => ({
                      title: MESSAGES.photoSizeErrorTitle,
                      description:
                        context.errors.photo ??
                        (event.type === 'profile.submit' && event.photo !== null
                          ? (photoError(event.photo) ?? MESSAGES.photoTooLarge)
                          : MESSAGES.photoTooLarge),
                      variant: 'destructive',
                    }),
                  },
                ],
              },
              { target: 'saving' },
            ],
            'profile.skip': {
              target: '#thankYou',
              actions: {
                type: 'showToast',
                params: {
                  title: MESSAGES.profileSkippedTitle,
                  description: MESSAGES.profileSkipped,
                },
              },
            },
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'updateProfile',
            src: 'updateProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profile.submit');
              return {
                userId: context.userId ?? '',
                aboutMe: event.aboutMe.trim(),
                photo: event.photo,
              };
            },
            onDone: {
              target: '#thankYou',
              actions: [
                'markProfileSaved',
                {
                  type: 'showToast',
                  params: {
                    title: MESSAGES.profileUpdatedTitle,
                    description: MESSAGES.profileUpdated,
                  },
                },
              ],
            },
            // Spec 4: a failed save still reaches thank-you.
            onError: {
              target: '#thankYou',
              actions: {
                type: 'showToast',
                params: {
                  title: MESSAGES.profileErrorTitle,
                  description: MESSAGES.profileError,
                  variant: 'destructive',
                },
              },
            },
          },
        },
      },
    },

    thankYou: { id: 'thankYou', type: 'final', meta: screen('thank-you', "You're all set") },
    noThankYou: {
      id: 'noThankYou',
      type: 'final',
      meta: screen('no-thank-you', 'Thanks for the feedback'),
    },
    maybeSubmitted: {
      id: 'maybeSubmitted',
      type: 'final',
      meta: screen('maybe-submitted', 'Call booked'),
    },
    // Leaving the flow for the home page: the role step's Go back, Return to Homepage, or the
    // team step's "other" answer.
    home: { id: 'home', type: 'final', meta: screen('home', 'Home') },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
