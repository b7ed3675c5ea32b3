/**
 * The onboarding statechart: every state and transition of spec section 4 in one place.
 *
 * Pure: every call is a named actor and every browser effect a named action, both supplied by the
 * app (and by tests) with `onboardingMachine.provide(...)`. Time arrives only as `clock.tick`
 * events from the `clock` actor, so nothing here reads the wall clock. Types are in `types.ts`.
 */
import {
  ERROR_CODES,
  isChoosableRole,
  MESSAGES,
  ONBOARD_SUCCESS_EVENT,
  photoError,
  STORAGE_KEYS,
  TEAM_FETCH_TIMEOUT_MS,
} from '@app/contracts';
import {
  and,
  assertEvent,
  assign,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  setup,
  stateIn,
} from 'xstate';
import { fallbackBookingDate } from './booking.ts';
import { formChecks, isValid } from './checks.ts';
import { accountFieldErrors, failureCode, failureText } from './failure.ts';
import { isHoldEnding, secondsLeft } from './hold.ts';
import {
  FIRST_STEP_TITLES,
  type LinearStep,
  linearIndex,
  type ScreenMeta,
  type Step,
  screen,
} from './steps.ts';
import {
  type DisplayTeam,
  rankTeams,
  SAMPLE_TEAM,
  type SampleReason,
  type TeamChoice,
  toDisplayTeam,
} from './team.ts';
import {
  type FormErrors,
  type HeldSeat,
  isTeamChoiceValue,
  type OnboardingActorTypes,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingInput,
  type SignInParams,
  type StorageValues,
  type TeamListName,
  type TeamLists,
  type ToastParams,
} from './types.ts';

export * from './types.ts';

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

type ActorName = keyof OnboardingActorTypes;

/** The default of an actor the app supplies: a typed promise that says it was not supplied. */
function supplied<K extends ActorName>(name: K) {
  return fromPromise<OnboardingActorTypes[K]['output'], OnboardingActorTypes[K]['input']>(() =>
    Promise.reject(new Error(`The ${name} actor is supplied by the app`)),
  );
}

/**
 * The area and role a sign-up names, so that a request left unmatched keeps them (a seat freed on
 * a team of that area and role can go to it): the role only when it is one of the area's options,
 * never Other's typed goal.
 */
function focusNames(context: OnboardingContext): { areaName?: string; roleName?: string } {
  const area = context.category;
  if (area === null) return {};
  const role = context.focusArea;
  return role !== null && isChoosableRole(area, role)
    ? { areaName: area, roleName: role }
    : { areaName: area };
}

function holdExpired(context: OnboardingContext): boolean {
  return context.holdExpiresAt !== null && secondsLeft(context.holdExpiresAt, context.now) <= 0;
}

function emptyLists(): TeamLists {
  return { teams: [], focusAreas: [], roleAreas: [] };
}

export function initialContext(input: OnboardingInput): OnboardingContext {
  return {
    now: input.now,
    category: null,
    focusArea: null,
    lists: emptyLists(),
    candidates: [],
    passedTeamId: null,
    team: null,
    sampleReason: 'unreachable',
    holdId: null,
    holdExpiresAt: null,
    reached: -1,
    name: '',
    goal: '',
    userId: null,
    email: '',
    accountExists: false,
    errors: {},
    profileSaved: false,
    bookingDate: null,
    bookingDateIsFallback: false,
  };
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

/** An action of the chart that shows one toast. */
const showToast = (params: ToastParams) => ({ type: 'showToast', params }) as const;

/** The toasts the flow shows (spec 4 and 8), by name: `actions: toast.bookingConfirmed`. */
const toast = {
  onboardingError: showToast({
    title: MESSAGES.onboardingErrorTitle,
    description: MESSAGES.onboardingError,
    variant: 'destructive',
  }),
  teamOther: showToast({ title: MESSAGES.teamOtherTitle, description: MESSAGES.teamOther }),
  joinRequestWarned: showToast({
    title: MESSAGES.joinRequestWarningTitle,
    description: MESSAGES.joinRequestWarning,
  }),
  joinRequestSent: showToast({
    title: MESSAGES.joinRequestSuccessTitle,
    description: MESSAGES.joinRequestSuccess,
  }),
  // Beside the sample team the request goes to us, not to a team: we assign one.
  joinRequestSentUnassigned: showToast({
    title: MESSAGES.joinRequestSuccessTitle,
    description: MESSAGES.joinRequestSentUnassigned,
  }),
  bookingConfirmed: showToast({
    title: MESSAGES.bookingConfirmedTitle,
    description: MESSAGES.bookingConfirmed,
  }),
  feedbackError: showToast({
    title: MESSAGES.feedbackErrorTitle,
    description: MESSAGES.feedbackError,
    variant: 'destructive',
  }),
  profileUpdated: showToast({
    title: MESSAGES.profileUpdatedTitle,
    description: MESSAGES.profileUpdated,
  }),
  profileError: showToast({
    title: MESSAGES.profileErrorTitle,
    description: MESSAGES.profileError,
    variant: 'destructive',
  }),
  profileSkipped: showToast({
    title: MESSAGES.profileSkippedTitle,
    description: MESSAGES.profileSkipped,
  }),
};

/** The ranking with the passed-on team moved to the end, so it is offered only if no other is. */
function passedLast(ranked: TeamChoice[], passed: string | null): TeamChoice[] {
  if (passed === null) return ranked;
  return [
    ...ranked.filter((choice) => choice.id !== passed),
    ...ranked.filter((choice) => choice.id === passed),
  ];
}

function withoutKey(errors: FormErrors, key: keyof FormErrors): FormErrors {
  const { [key]: _dropped, ...rest } = errors;
  return rest;
}

function sampleReasonOf(lists: TeamLists): SampleReason {
  // No team at all: the team list could not be read (its errors give an empty list, spec 8).
  return lists.teams.length === 0 ? 'unreachable' : 'full';
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
    submitOnboarding: supplied('submitOnboarding'),
    fetchList: supplied('fetchList'),
    fetchTeam: supplied('fetchTeam'),
    createHold: supplied('createHold'),
    extendHold: supplied('extendHold'),
    releaseHold: supplied('releaseHold'),
    createUser: supplied('createUser'),
    handOverHold: supplied('handOverHold'),
    updateProfile: supplied('updateProfile'),
    fetchNextBookingDate: supplied('fetchNextBookingDate'),
    submitBooking: supplied('submitBooking'),
    submitFeedback: supplied('submitFeedback'),
    /** Sends `clock.tick` with the current time at once and then every second. */
    clock: fromCallback<EventObject>(() => undefined),
  },
  delays: {
    teamFetchTimeout: TEAM_FETCH_TIMEOUT_MS,
  },
  guards: {
    validRole: ({ context, event }) =>
      event.type === 'role.submit' && isValid(formChecks().role(context.category, event.value)),
    validName: ({ event }) =>
      event.type === 'intro.submit' && isValid(formChecks().name(event.name)),
    validGoal: ({ event }) =>
      event.type === 'goal.submit' && isValid(formChecks().goal(event.goal)),
    validAccount: ({ event }) =>
      event.type === 'account.submit' && isValid(formChecks().account(event)),
    validBooking: ({ event }) =>
      event.type === 'booking.submit' && isValid(formChecks().booking(event)),
    validFeedback: ({ event }) =>
      event.type === 'feedback.submit' && isValid(formChecks().feedback(event)),
    hasCandidate: ({ context }) => context.candidates.length > 0,
    sampleShown: ({ context }) => context.team?.source === 'sample',
    hasHold: ({ context }) => context.holdId !== null,
    noHold: ({ context }) => context.holdId === null,
    isChoice: ({ event }, params: { choice: string }) =>
      event.type === 'team.choose' && event.choice === params.choice,
    isOtherChoice: ({ event }) => event.type === 'team.choose' && !isTeamChoiceValue(event.choice),
    holdExpired: ({ context }) => holdExpired(context),
    holdEnding: ({ context }) =>
      context.holdExpiresAt !== null && isHoldEnding(context.holdExpiresAt, context.now),
    /** The account step's address has an account (the sign-up said EMAIL_TAKEN). */
    accountExists: ({ context }) => context.accountExists,
    /** The failed hand-over found no live seat to hand over: it ran out, or is no longer held. */
    holdGone: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === ERROR_CODES.HOLD_EXPIRED || code === ERROR_CODES.HOLD_NOT_FOUND;
    },
    /** The failed call was refused because the team has no open seat left. */
    teamFull: (_, params: { error: unknown }) =>
      failureCode(params.error) === ERROR_CODES.TEAM_FULL,
    canRequest: ({ context, event }, params: { step: Step }) => {
      if (event.type !== 'nav.request' || event.step !== params.step) return false;
      if (params.step === 'category') return true;
      if (event.category !== context.category) return false;
      const index = linearIndex(params.step);
      if (index > 0 && holdExpired(context)) return false;
      return index < 0 || index <= context.reached;
    },
    requestsAreaStep: ({ event }) =>
      event.type === 'nav.request' && event.category !== null && event.step !== 'category',
    requestsOtherCategory: ({ context, event }) =>
      event.type === 'nav.request' &&
      event.step === 'role' &&
      event.category !== null &&
      event.category !== context.category,
    photoRejected: ({ context, event }) =>
      context.errors.photo !== undefined ||
      (event.type === 'profile.submit' && event.photo !== null && photoError(event.photo) !== null),
  },
  actions: {
    /* Effects the app supplies. */
    showToast: (_, _params: ToastParams) => {},
    saveToStorage: (_, _params: { values: StorageValues }) => {},
    track: (_, _params: { event: string }) => {},
    /** Takes the browser to the tracker's sign-in (with the handed-over seat, if any). */
    openSignIn: (_, _params: SignInParams) => {},

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
        event.type === 'role.submit' ? formChecks().role(context.category, event.value) : {},
    }),
    clearErrors: assign({ errors: {}, accountExists: false }),
    resetTeam: assign({
      lists: emptyLists,
      candidates: [],
      errors: {},
      bookingDate: null,
      bookingDateIsFallback: false,
      team: null,
      holdId: null,
      holdExpiresAt: null,
      reached: -1,
    }),
    storeList: assign({
      lists: ({ context }, params: { answer: Partial<TeamLists> }) => ({
        ...context.lists,
        ...params.answer,
      }),
    }),
    rankCandidates: assign(({ context }) => ({
      sampleReason: sampleReasonOf(context.lists),
      candidates: passedLast(
        rankTeams({
          ...context.lists,
          focusAreaName: context.category ?? '',
          roleName: context.focusArea ?? '',
        }),
        context.passedTeamId ?? null,
      ),
      passedTeamId: null,
      // The lists served their purpose: keep the persisted snapshot small.
      lists: emptyLists(),
    })),
    dropCandidate: assign({ candidates: ({ context }) => context.candidates.slice(1) }),
    passTeam: assign({ passedTeamId: ({ context }) => context.team?.id ?? null }),
    explainReleasedHold: assign({
      errors: { hold: MESSAGES.holdSubmitReleased },
      accountExists: false,
    }),
    // Sign in after the seat ran out: the refusal that offered it stays, with the notice.
    explainReleasedForSignIn: assign({
      errors: ({ context }) => ({ ...context.errors, hold: MESSAGES.holdSignInReleased }),
    }),
    /** The server says the seat is gone: count it run out now, so the hold region releases it. */
    endHold: assign({
      holdExpiresAt: ({ context }) =>
        context.holdId === null ? context.holdExpiresAt : context.now,
    }),
    failHandOver: assign({
      errors: ({ context }) => ({ ...context.errors, form: MESSAGES.accountSignInFailed }),
    }),
    /** The seat went with the person to the sign-in: this browser no longer holds it. */
    forgetHold: assign({ holdId: null, holdExpiresAt: null }),
    keepHold: assign(({ context }, params: { seat: HeldSeat }) => ({
      // A seat held again answers the 'slot released' message of a submit.
      errors: withoutKey(context.errors, 'hold'),
      holdId: params.seat.id,
      // The server's count of seconds left, not its clock: a skewed browser clock does not matter.
      holdExpiresAt: context.now + params.seat.secondsLeft * 1000,
    })),
    /** Gives the held seat back (fire and forget: a seat not given back runs out on its own). */
    releaseHold: enqueueActions(({ context, enqueue }) => {
      if (context.holdId === null) return;
      enqueue.spawnChild('releaseHold', { input: { holdId: context.holdId } });
      enqueue.assign({ holdId: null, holdExpiresAt: null });
    }),
    /** The seat is no longer held (it ran out, or could not be taken again). */
    loseHold: assign({
      holdId: null,
      holdExpiresAt: ({ context }) => Math.min(context.holdExpiresAt ?? context.now, context.now),
    }),
    showTeam: assign({ team: (_, params: { team: DisplayTeam }) => params.team }),
    useSampleTeam: assign(({ context }, params: { reason?: SampleReason }) => ({
      team: SAMPLE_TEAM,
      sampleReason: params.reason ?? context.sampleReason,
      lists: emptyLists(),
      candidates: [],
    })),
    markReached: assign({
      reached: ({ context }, params: { step: LinearStep }) =>
        Math.max(context.reached, linearIndex(params.step)),
      errors: {},
      accountExists: false,
    }),
    setName: assign({
      name: ({ context, event }) =>
        event.type === 'intro.submit' ? event.name.trim() : context.name,
    }),
    setGoal: assign({
      goal: ({ context, event }) =>
        event.type === 'goal.submit' ? event.goal.trim() : context.goal,
    }),
    rejectForm: assign({
      accountExists: false,
      errors: ({ event }) => {
        switch (event.type) {
          case 'intro.submit':
            return formChecks().name(event.name);
          case 'goal.submit':
            return formChecks().goal(event.goal);
          case 'account.submit':
            return formChecks().account(event);
          case 'booking.submit':
            return formChecks().booking(event);
          case 'feedback.submit':
            return formChecks().feedback(event);
          default:
            return {};
        }
      },
    }),
    setEmail: assign({
      email: ({ context, event }) =>
        event.type === 'account.submit' ? event.email.trim() : context.email,
    }),
    setUserId: assign({ userId: (_, params: { id: string }) => params.id, errors: {} }),
    // A refusal about a field (a taken address, a refused password) is shown against that field;
    // anything else against the whole form.
    failAccount: assign({
      accountExists: (_, params: { error: unknown }) =>
        failureCode(params.error) === ERROR_CODES.EMAIL_TAKEN,
      errors: (_, params: { error: unknown }) => {
        const fields = accountFieldErrors(params.error);
        return Object.keys(fields).length > 0
          ? fields
          : { form: failureText(params.error, MESSAGES.invalidServerResponse) };
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
      bookingDate: (_, params: { date: string }) => params.date,
      bookingDateIsFallback: false,
    }),
    useFallbackBookingDate: assign({
      bookingDate: ({ context }) => fallbackBookingDate(context.now),
      bookingDateIsFallback: true,
    }),
    failBooking: assign({
      errors: (_, params: { error: unknown }) => ({
        form: failureText(params.error, MESSAGES.bookingDefaultError),
      }),
    }),
    markProfileSaved: assign({ profileSaved: true }),
  },
});

const photoErrorToast = {
  type: 'showToast',
  params: ({ context }: { context: OnboardingContext }): ToastParams => ({
    // Titled for what is wrong: spec 5's size error, or a file that is not an image.
    title:
      context.errors.photo === MESSAGES.photoNotImage
        ? MESSAGES.photoTypeErrorTitle
        : MESSAGES.photoSizeErrorTitle,
    description: context.errors.photo ?? MESSAGES.photoTooLarge,
    variant: 'destructive',
  }),
} as const;

const storeUserId = {
  type: 'saveToStorage',
  params: ({ context }: { context: OnboardingContext }) => ({
    values: { [STORAGE_KEYS.createdUserId]: context.userId ?? '' },
  }),
} as const;

const LIST_ACTOR_IDS = {
  teams: 'fetchTeams',
  focusAreas: 'fetchFocusAreas',
  roleAreas: 'fetchRoleAreas',
} as const satisfies Record<TeamListName, string>;

/** One region of the parallel list search: loads one list; a failed call leaves it empty. */
function listRegion(list: TeamListName) {
  return onboardingSetup.createStateConfig({
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: LIST_ACTOR_IDS[list],
          src: 'fetchList',
          input: { list },
          onDone: {
            target: 'loaded',
            actions: { type: 'storeList', params: ({ event }) => ({ answer: event.output }) },
          },
          onError: { target: 'loaded' },
        },
      },
      loaded: { type: 'final' },
    },
  });
}

/** A typed URL of an earlier step than the team's: the role or category step, the seat given back. */
const BACK_TO_START = [
  {
    guard: { type: 'canRequest', params: { step: 'role' } },
    target: '#role',
    actions: 'releaseHold',
  },
  {
    guard: { type: 'canRequest', params: { step: 'category' } },
    target: '#category',
    actions: 'releaseHold',
  },
] as const;

/** The held seat could not be had or kept: the sample team, with the seat given back if held. */
const showSampleTeam = (reason?: SampleReason) =>
  ({
    target: '#matched',
    actions: [
      'releaseHold',
      { type: 'useSampleTeam', params: reason === undefined ? {} : { reason } },
    ],
  }) as const;

/**
 * Takes a seat on a team on the server: kept and on to `held` when granted, `full` when the team
 * has no seat left (TEAM_FULL), `failed` on any other failure.
 */
function takeSeat(opts: {
  id: 'createHold' | 'retakeHold';
  team: (context: OnboardingContext) => string | undefined;
  held: string;
  full: { target: string; actions: 'dropCandidate' | 'loseHold' };
  failed: { target: string; actions: 'loseHold' } | ReturnType<typeof showSampleTeam>;
}) {
  return onboardingSetup.createStateConfig({
    invoke: {
      id: opts.id,
      src: 'createHold',
      input: ({ context }) => ({ teamId: opts.team(context) ?? '' }),
      onDone: {
        target: opts.held,
        actions: { type: 'keepHold', params: ({ event }) => ({ seat: event.output }) },
      },
      onError: [
        {
          guard: { type: 'teamFull', params: ({ event }) => ({ error: event.error }) },
          ...opts.full,
        },
        opts.failed,
      ],
    },
  });
}

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => initialContext(input),
  invoke: { id: 'clock', src: 'clock' },
  on: { 'clock.tick': { actions: 'recordTime' } },
  initial: 'category',
  states: {
    category: {
      id: 'category',
      meta: screen('category', FIRST_STEP_TITLES.category),
      entry: 'resetTeam',
      on: {
        'category.choose': { target: 'role', actions: 'setCategory' },
        // Any step of a known area typed or linked from here (a shared /onboarding/work/account,
        // say) starts that area at its role step: the steps after it need the answers before it.
        'nav.request': { guard: 'requestsAreaStep', target: 'role', actions: 'setCategory' },
      },
    },

    role: {
      id: 'role',
      meta: screen('role', FIRST_STEP_TITLES.role),
      // Back on the role step the team is let go; a new answer matches afresh.
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
            onError: { target: 'choosing', actions: toast.onboardingError },
          },
        },
      },
    },

    // Team selection (spec 4) among the teams with an open seat: the three lists in parallel, then
    // a held seat on the best team (the next one when the seat was taken meanwhile), then its
    // details. A failed call, a team without Active members, no team with an open seat, or 10 s
    // without an answer shows the sample team.
    matching: {
      id: 'matching',
      meta: screen('team', 'Finding your team'),
      entry: 'resetTeam',
      initial: 'lists',
      after: { teamFetchTimeout: showSampleTeam('unreachable') },
      on: {
        'nav.back': { target: '#role', actions: 'releaseHold' },
        'nav.request': [...BACK_TO_START],
      },
      states: {
        lists: {
          type: 'parallel',
          onDone: { target: 'choosing', actions: 'rankCandidates' },
          states: {
            teams: listRegion('teams'),
            focusAreas: listRegion('focusAreas'),
            roleAreas: listRegion('roleAreas'),
          },
        },
        choosing: {
          always: [
            { guard: 'hasCandidate', target: 'holding' },
            { target: '#matched', actions: { type: 'useSampleTeam', params: {} } },
          ],
        },
        holding: takeSeat({
          id: 'createHold',
          team: (context) => context.candidates[0]?.id,
          held: 'details',
          full: { target: 'choosing', actions: 'dropCandidate' },
          failed: showSampleTeam('unreachable'),
        }),
        details: {
          invoke: {
            id: 'fetchTeam',
            src: 'fetchTeam',
            input: ({ context }) => ({ id: context.candidates[0]?.id ?? '' }),
            onDone: [
              {
                guard: ({ event }) => toDisplayTeam(event.output) !== null,
                target: '#matched',
                actions: {
                  type: 'showTeam',
                  params: ({ event }) => ({ team: toDisplayTeam(event.output) ?? SAMPLE_TEAM }),
                },
              },
              showSampleTeam('unreachable'),
            ],
            onError: showSampleTeam('unreachable'),
          },
        },
      },
    },

    // A team is shown and, unless it is the sample team, a seat on it is held; the yes-path steps
    // and maybe/no run beside the hold.
    matched: {
      id: 'matched',
      type: 'parallel',
      entry: {
        // Spec 4, team selection step 6: the chosen team is saved in browser storage.
        type: 'saveToStorage',
        params: ({ context }) => ({ values: teamStorageValues(context.team) }),
      },
      states: {
        step: {
          initial: 'team',
          on: {
            // Look for another team once the hold ran out, on whichever step: another team first.
            'team.retry': {
              guard: 'holdExpired',
              target: '#matching',
              actions: ['releaseHold', 'passTeam'],
            },
            'nav.request': [
              stepRequest('team', 'team'),
              stepRequest('intro', 'intro'),
              stepRequest('goal', 'goal'),
              stepRequest('commit', 'commit'),
              stepRequest('sync', 'sync'),
              stepRequest('account', 'account'),
              stepRequest('maybe', 'maybe'),
              stepRequest('no', 'no'),
              ...BACK_TO_START,
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
                  // Maybe keeps the seat until the hold runs out.
                  { guard: { type: 'isChoice', params: { choice: 'maybe' } }, target: 'maybe' },
                  {
                    guard: { type: 'isChoice', params: { choice: 'no' } },
                    target: 'no',
                    actions: 'releaseHold',
                  },
                  // Leaving for the home page ends the flow (and its actors): the seat is not given
                  // back here, it runs out on its own. No button sends this answer.
                  { guard: 'isOtherChoice', target: '#home', actions: toast.teamOther },
                ],
                'nav.back': { target: '#role', actions: 'releaseHold' },
                // Beside the sample team: Try again.
                'team.retry': { guard: 'sampleShown', target: '#matching' },
              },
            },
            // When the hold runs out on these steps, the step stays with what was typed; the
            // hold region offers to take the seat again or to look for another team.
            intro: {
              id: 'intro',
              meta: screen('intro', 'Your name'),
              entry: { type: 'markReached', params: { step: 'intro' } },
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
                  { actions: 'rejectForm' },
                ],
                'nav.back': { target: 'team' },
              },
            },
            goal: {
              id: 'goal',
              meta: screen('goal', 'Your goal'),
              entry: { type: 'markReached', params: { step: 'goal' } },
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
                  { actions: 'rejectForm' },
                ],
                'nav.back': { target: 'intro' },
              },
            },
            commit: {
              id: 'commit',
              meta: screen('commit', 'Your commitment'),
              entry: { type: 'markReached', params: { step: 'commit' } },
              on: {
                'commit.accept': { target: 'sync' },
                'nav.back': { target: 'goal' },
              },
            },
            sync: {
              id: 'sync',
              meta: screen('sync', 'Check-ins'),
              entry: { type: 'markReached', params: { step: 'sync' } },
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
                  on: {
                    'account.submit': [
                      // The seat is gone: say so; the notice offers to take it again first.
                      { guard: 'holdExpired', actions: 'explainReleasedHold' },
                      {
                        guard: 'validAccount',
                        target: 'submitting',
                        actions: ['clearErrors', 'setEmail'],
                      },
                      { actions: 'rejectForm' },
                    ],
                    // The address has an account: sign in with it, and the held seat comes along.
                    'account.signIn': [
                      {
                        guard: and(['accountExists', 'holdExpired']),
                        actions: 'explainReleasedForSignIn',
                      },
                      { guard: and(['accountExists', 'hasHold']), target: 'handingOver' },
                      // Beside the sample team nothing is held: the team is chosen after signing in.
                      {
                        guard: 'accountExists',
                        target: '#signIn',
                        actions: { type: 'openSignIn', params: { seat: null } },
                      },
                    ],
                    'nav.back': { target: '#sync' },
                  },
                },
                handingOver: {
                  tags: 'busy',
                  on: { 'nav.*': {} },
                  invoke: {
                    id: 'handOverHold',
                    src: 'handOverHold',
                    input: ({ context }) => ({
                      holdId: context.holdId ?? '',
                      email: context.email,
                    }),
                    onDone: {
                      target: '#signIn',
                      actions: [
                        {
                          type: 'openSignIn',
                          params: ({ event }) => ({
                            seat: { id: event.output.holdId, key: event.output.token },
                          }),
                        },
                        'forgetHold',
                      ],
                    },
                    onError: [
                      // The seat ran out meanwhile (or is no longer this browser's): the notice
                      // offers to take it again; what was typed stays.
                      {
                        guard: {
                          type: 'holdGone',
                          params: ({ event }) => ({ error: event.error }),
                        },
                        target: 'editing',
                        actions: ['endHold', 'explainReleasedForSignIn'],
                      },
                      { target: 'editing', actions: 'failHandOver' },
                    ],
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
                        ...focusNames(context),
                      };
                    },
                    onDone: {
                      target: '#confirm',
                      actions: [
                        {
                          type: 'setUserId',
                          params: ({ event }) => ({ id: String(event.output.user.id) }),
                        },
                        storeUserId,
                        enqueueActions(({ context, event, enqueue }) => {
                          if (event.output.joinRequestWarning !== undefined) {
                            enqueue(toast.joinRequestWarned);
                          } else if (event.output.joinRequestSuccess === true) {
                            enqueue(
                              context.team?.source === 'sample'
                                ? toast.joinRequestSentUnassigned
                                : toast.joinRequestSent,
                            );
                          }
                        }),
                      ],
                    },
                    onError: {
                      target: 'editing',
                      actions: [
                        { type: 'failAccount', params: ({ event }) => ({ error: event.error }) },
                        {
                          type: 'showToast',
                          params: ({ event }) => ({
                            title: MESSAGES.createUserErrorTitle,
                            description: failureText(event.error, MESSAGES.invalidServerResponse),
                            variant: 'destructive',
                          }),
                        },
                      ],
                    },
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
                    onDone: {
                      target: 'editing',
                      actions: {
                        type: 'setBookingDate',
                        params: ({ event }) => ({ date: event.output }),
                      },
                    },
                    onError: { target: 'editing', actions: 'useFallbackBookingDate' },
                  },
                },
                editing: {
                  on: {
                    'booking.submit': [
                      { guard: 'validBooking', target: 'submitting', actions: 'clearErrors' },
                      { actions: 'rejectForm' },
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
                    onDone: { target: '#maybeSubmitted', actions: toast.bookingConfirmed },
                    onError: {
                      target: 'editing',
                      actions: {
                        type: 'failBooking',
                        params: ({ event }) => ({ error: event.error }),
                      },
                    },
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
                      { actions: 'rejectForm' },
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
                    onError: { target: 'editing', actions: toast.feedbackError },
                  },
                },
              },
            },
          },
        },

        // The held seat (spec 4, 600 s), counted from the server's answer. From 60 s before the
        // end it offers a one-step extension (WCAG 2.2.1); once run out, it offers to take the
        // same seat again. The sample team holds nothing.
        hold: {
          initial: 'entering',
          states: {
            entering: {
              always: [{ guard: 'hasHold', target: 'live' }, { target: 'none' }],
            },
            none: {},
            live: {
              initial: 'counting',
              always: [
                { guard: 'noHold', target: 'none' },
                { guard: 'holdExpired', target: 'expired', actions: 'loseHold' },
              ],
              // The page that went away gave its seat back: it is no longer held until taken again,
              // so Yes waits for the new hold like the screen says.
              on: { 'hold.resume': { target: 'retaking', actions: 'loseHold' } },
              states: {
                counting: { always: { guard: 'holdEnding', target: 'ending' } },
                ending: { on: { 'hold.extend': { target: 'extending' } } },
                extending: {
                  invoke: {
                    id: 'extendHold',
                    src: 'extendHold',
                    input: ({ context }) => ({ holdId: context.holdId ?? '' }),
                    onDone: {
                      target: 'counting',
                      actions: {
                        type: 'keepHold',
                        params: ({ event }) => ({ seat: event.output }),
                      },
                    },
                    // The screen says the extension failed; the offer stays while time is left.
                    onError: { target: 'ending' },
                  },
                },
              },
            },
            expired: {
              on: { 'hold.retake': { target: 'retaking' } },
            },
            retaking: takeSeat({
              id: 'retakeHold',
              team: (context) => context.team?.id,
              held: 'live',
              full: { target: 'taken', actions: 'loseHold' },
              failed: { target: 'expired', actions: 'loseHold' },
            }),
            // Someone else took the seat: only another team is left to look for.
            taken: {},
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
              { guard: 'photoRejected', actions: ['checkPhoto', photoErrorToast] },
              { target: 'saving' },
            ],
            'profile.skip': { target: '#thankYou', actions: toast.profileSkipped },
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
            onDone: { target: '#thankYou', actions: ['markProfileSaved', toast.profileUpdated] },
            // Spec 4: a failed save still reaches thank-you.
            onError: { target: '#thankYou', actions: toast.profileError },
          },
        },
      },
    },

    thankYou: { id: 'thankYou', type: 'final', meta: screen('thank-you', "You're all set") },
    // The browser goes to the tracker's sign-in (the app's `openSignIn`); the account step stays
    // on screen until it has.
    signIn: { id: 'signIn', type: 'final', meta: screen('account', 'Create your account') },
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
