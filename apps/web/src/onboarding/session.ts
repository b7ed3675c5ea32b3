import type { ApiClient } from '@app/api-client';
import type {
  BookingPayload,
  CreateUserPayload,
  CreateUserResponse,
  FeedbackPayload,
  HandOverResponse,
  OnboardingPayload,
  TeamView,
} from '@app/contracts';
import {
  createIdempotencyKeys,
  createIntervalClock,
  type HeldSeat,
  type OnboardingEvent,
  onboardingMachine,
  parseStoredSnapshot,
  SNAPSHOT_STORAGE_KEY,
  selectHold,
  serialiseSnapshot,
  stateToRoute,
  type TeamListName,
  type TeamLists,
  type ToastParams,
  type UpdateProfileInput,
} from '@app/onboarding/flow';
import { type Actor, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { Analytics } from './analytics.ts';
import { sendChecked } from './formChecks.ts';
import { signInAddress } from './signIn.ts';

export interface OnboardingDeps {
  api: ApiClient;
  toast: (params: ToastParams) => void;
  analytics: Analytics;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now: () => number;
  /** How often the clock actor ticks, in ms (one second in the product). */
  tickMs?: number;
  /** A new random idempotency key (tests pass their own). */
  newKey?: () => string;
  /**
   * The page: when it goes away the held seat is given back (`pagehide`, a keepalive request), and
   * when it comes back from the back-forward cache the seat is taken again (`pageshow`).
   */
  page?: PageEvents;
  /**
   * Takes the browser to another address, leaving the site (the account step's Sign in goes to
   * the tracker's sign-in). `location.assign` in the product; tests record the address.
   */
  leave?: (address: string) => void;
}

/** The page events the session listens to (`window` has them). */
export interface PageEvents {
  addEventListener(
    type: 'pagehide' | 'pageshow',
    listener: (event: { persisted: boolean }) => void,
  ): void;
}

/** The seat this snapshot holds on the server, while its hold runs. */
export function heldSeatId(snapshot: SnapshotFrom<OnboardingActor>): string | null {
  return selectHold(snapshot).live ? snapshot.context.holdId : null;
}

const newKey = () => crypto.randomUUID();

/** The machine with the app's real calls and effects. */
export function provideOnboarding(deps: OnboardingDeps) {
  const { api } = deps;
  const submissionKeys = createIdempotencyKeys(deps.newKey ?? newKey);
  return onboardingMachine.provide({
    actors: {
      submitOnboarding: fromPromise<unknown, OnboardingPayload>(({ input, signal }) =>
        api.submitOnboarding(input, { signal }),
      ),
      fetchList: fromPromise<Partial<TeamLists>, { list: TeamListName }>(
        async ({ input, signal }) => {
          switch (input.list) {
            case 'teams':
              return { teams: await api.getTeams({ signal }) };
            case 'focusAreas':
              return { focusAreas: await api.getFocusAreas({ signal }) };
            case 'roleAreas':
              return { roleAreas: await api.getRoleAreas({ signal }) };
          }
        },
      ),
      fetchTeam: fromPromise<TeamView, { id: string }>(({ input, signal }) =>
        api.getTeam(input.id, { signal }),
      ),
      createHold: fromPromise<HeldSeat, { teamId: string }>(({ input, signal }) =>
        api.createHold(input.teamId, { signal }),
      ),
      extendHold: fromPromise<HeldSeat, { holdId: string }>(({ input, signal }) =>
        api.extendHold(input.holdId, { signal }),
      ),
      // Not cancelled with the state that asked for it: the seat is given back either way.
      releaseHold: fromPromise<unknown, { holdId: string }>(({ input }) =>
        api.releaseHold(input.holdId).catch(() => undefined),
      ),
      // Sent once (spec 9: no retries); the button pressed again resends the same key.
      createUser: fromPromise<CreateUserResponse, CreateUserPayload>(({ input, signal }) =>
        api.createUser(input, { signal, idempotencyKey: submissionKeys.keyFor(input) }),
      ),
      // The held seat goes to the tracker's sign-in of the address the sign-up found taken.
      handOverHold: fromPromise<
        HandOverResponse & { holdId: string },
        { holdId: string; email: string }
      >(async ({ input, signal }) => ({
        ...(await api.handOverHold(input.holdId, input.email, { signal })),
        holdId: input.holdId,
      })),
      updateProfile: fromPromise<unknown, UpdateProfileInput>(({ input, signal }) =>
        api.updateProfile(
          input.userId,
          {
            aboutMe: input.aboutMe,
            ...(input.photo instanceof Blob ? { photoFile: input.photo } : {}),
          },
          { signal },
        ),
      ),
      fetchNextBookingDate: fromPromise<string, undefined>(({ signal }) =>
        api.getNextAvailableDate({ signal }),
      ),
      submitBooking: fromPromise<unknown, BookingPayload>(({ input, signal }) =>
        api.submitBooking(input, { signal, idempotencyKey: submissionKeys.keyFor(input) }),
      ),
      submitFeedback: fromPromise<unknown, FeedbackPayload>(({ input, signal }) =>
        api.submitFeedback(input, { signal, idempotencyKey: submissionKeys.keyFor(input) }),
      ),
      clock: createIntervalClock(deps.now, globalThis, deps.tickMs),
    },
    actions: {
      showToast: (_, params) => deps.toast(params),
      saveToStorage: (_, params) => {
        for (const [key, value] of Object.entries(params.values)) {
          if (value !== undefined) safely(() => deps.storage?.setItem(key, value));
        }
      },
      track: (_, params) => deps.analytics.track(params.event),
      openSignIn: (_, params) => (deps.leave ?? leaveFor)(signInAddress(params)),
    },
  });
}

export type OnboardingActor = Actor<ReturnType<typeof provideOnboarding>>;

function leaveFor(address: string) {
  window.location.assign(address);
}

/** Storage can throw (private mode, quota): losing persistence must not break the flow. */
function safely(run: () => void) {
  attempt(run);
}

function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    // The flow works without persistence.
    return undefined;
  }
}

function start(deps: OnboardingDeps, restore: boolean): OnboardingActor {
  const machine = provideOnboarding(deps);
  const snapshot = restore
    ? parseStoredSnapshot(attempt(() => deps.storage?.getItem(SNAPSHOT_STORAGE_KEY)))
    : undefined;
  let actor: OnboardingActor;
  try {
    actor = createActor(machine, {
      input: { now: deps.now() },
      ...(snapshot === undefined ? {} : { snapshot }),
    });
    actor.start();
  } catch {
    // A snapshot from an older version of the flow: start over rather than fail.
    safely(() => deps.storage?.removeItem(SNAPSHOT_STORAGE_KEY));
    actor = createActor(machine, { input: { now: deps.now() } });
    actor.start();
  }
  if (actor.getSnapshot().status === 'error') {
    actor.stop();
    safely(() => deps.storage?.removeItem(SNAPSHOT_STORAGE_KEY));
    actor = createActor(machine, { input: { now: deps.now() } });
    actor.start();
  }
  const persist = () =>
    safely(() => {
      const current = actor.getSnapshot();
      // An ended flow must not come back on reload; while a call is in flight the last stable
      // snapshot is kept (serialiseSnapshot returns null).
      if (current.status === 'done') deps.storage?.removeItem(SNAPSHOT_STORAGE_KEY);
      const json = serialiseSnapshot(current, actor.getPersistedSnapshot());
      if (json !== null) deps.storage?.setItem(SNAPSHOT_STORAGE_KEY, json);
    });
  actor.subscribe({ next: persist, error: () => undefined });
  persist();
  // The statechart studio, open in another tab, follows the flow (its end and its tab closing);
  // its channel's code comes after the page's.
  if (typeof window !== 'undefined') {
    import('./liveChannel.ts').then(
      ({ announceOnboarding }) =>
        announceOnboarding(actor, () => stateToRoute(actor.getSnapshot())),
      () => undefined,
    );
  }
  // A restored flow comes from a page that went away and gave its seat back: take it again.
  if (snapshot !== undefined && heldSeatId(actor.getSnapshot()) !== null) {
    actor.send({ type: 'hold.resume' });
  }
  return actor;
}

/**
 * Holds the one onboarding actor of the page. It outlives the onboarding screens (a visit to the
 * home page and back keeps the user's place) and is restored from storage after a reload.
 */
export interface OnboardingSession {
  get(): OnboardingActor;
  /** A finished flow is over: a new visit to the start of onboarding begins a fresh one. */
  restart(): OnboardingActor;
  subscribe(listener: () => void): () => void;
  send(event: OnboardingEvent): void;
  /** The session's API client, for calls around the flow that change nothing in it (resending the confirmation email). */
  api: ApiClient;
}

export function createOnboardingSession(deps: OnboardingDeps): OnboardingSession {
  let actor: OnboardingActor | null = null;
  const listeners = new Set<() => void>();
  const get = () => {
    actor ??= start(deps, true);
    return actor;
  };
  deps.page?.addEventListener('pagehide', () => {
    const seat = actor === null ? null : heldSeatId(actor.getSnapshot());
    if (seat !== null) deps.api.releaseHoldOnUnload(seat);
  });
  deps.page?.addEventListener('pageshow', (event) => {
    if (event.persisted && actor !== null && heldSeatId(actor.getSnapshot()) !== null) {
      actor.send({ type: 'hold.resume' });
    }
  });
  return {
    get,
    restart() {
      actor?.stop();
      safely(() => deps.storage?.removeItem(SNAPSHOT_STORAGE_KEY));
      actor = start(deps, false);
      for (const listener of listeners) listener();
      return actor;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    send: (event) => sendChecked(get(), event),
    api: deps.api,
  };
}
