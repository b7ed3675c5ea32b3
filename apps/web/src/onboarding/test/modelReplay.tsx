/**
 * The onboarding machine's model-based paths (generated from the machine itself by
 * @app/onboarding/testing) replayed against the React app in jsdom: the real machine behind the
 * real screens and router bridge, with a fake API whose calls the path settles one by one and
 * simulated time. Every user event goes through the screen's own control (a click, a typed
 * value, a URL) when the screen offers one; the few events the UI cannot produce (an answer it
 * does not offer, a button it keeps disabled) are checked to be unavailable and then sent to the
 * actor, so the app stays on the model's path.
 */
import type { ApiClient } from '@app/api-client';
import { fillRoute, type OnboardingEvent, STEP_ROUTES, stateToRoute } from '@app/onboarding';
import {
  getCoveringPaths,
  MODEL_START,
  type ModelActor,
  type ModelDriver,
  runModelPath,
} from '@app/onboarding/testing';
import { act, fireEvent } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { YES_CHOICE } from '../screens/TeamScreen.tsx';
import { type Harness, imageHead, renderOnboarding } from './harness.tsx';

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

const METHOD: Record<ModelActor, keyof ApiClient> = {
  submitOnboarding: 'submitOnboarding',
  fetchTeams: 'getTeams',
  fetchFocusAreas: 'getFocusAreas',
  fetchRoleAreas: 'getRoleAreas',
  fetchTeam: 'getTeam',
  createUser: 'createUser',
  updateProfile: 'updateProfile',
  fetchNextBookingDate: 'getNextAvailableDate',
  submitBooking: 'submitBooking',
  submitFeedback: 'submitFeedback',
};

/** A fake API whose every call waits until the path settles it. */
function deferredApi() {
  const pending = new Map<keyof ApiClient, Pending[]>();
  const waiting = (method: keyof ApiClient) =>
    new Promise<never>((resolve, reject) => {
      const list = pending.get(method) ?? [];
      list.push({ resolve: resolve as (value: unknown) => void, reject });
      pending.set(method, list);
    });
  const api: ApiClient = {
    getTeams: () => waiting('getTeams'),
    getTeam: () => waiting('getTeam'),
    getUser: () => waiting('getUser'),
    getFocusAreas: () => waiting('getFocusAreas'),
    getRoleAreas: () => waiting('getRoleAreas'),
    submitOnboarding: () => waiting('submitOnboarding'),
    createUser: () => waiting('createUser'),
    updateProfile: () => waiting('updateProfile'),
    getNextAvailableDate: () => waiting('getNextAvailableDate'),
    submitBooking: () => waiting('submitBooking'),
    submitFeedback: () => waiting('submitFeedback'),
    getStatus: () => waiting('getStatus'),
    confirmEmail: () => waiting('confirmEmail'),
    createHold: () => waiting('createHold'),
    extendHold: () => waiting('extendHold'),
    releaseHold: () => waiting('releaseHold'),
    releaseHoldOnUnload: () => undefined,
  };
  return {
    api,
    take(actor: ModelActor): Pending {
      const list = pending.get(METHOD[actor]) ?? [];
      const call = list.shift();
      if (call === undefined) throw new Error(`No pending ${actor} call`);
      return call;
    },
  };
}

let harness: Harness | null = null;
let direct = 0;
let viaUi = 0;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: MODEL_START,
  });
});
afterEach(() => {
  harness?.unmount();
  harness = null;
  vi.useRealTimers();
});
afterAll(() => {
  console.info(`model replay: ${viaUi} events through the UI, ${direct} sent to the actor`);
});

const flush = () => act(async () => undefined);

// Plain DOM queries: role queries compute the accessibility tree and would make the replay of
// hundreds of paths slow. The screen tests cover the accessible names.
function control(name: string | RegExp): HTMLElement | null {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  return (
    [...document.querySelectorAll('button')].find(
      (button) => !button.disabled && matches(button.textContent?.trim() ?? ''),
    ) ?? null
  );
}

function setValue(label: string, value: string) {
  const labelled = [...document.querySelectorAll('label')].find(
    (element) => element.textContent?.trim() === label,
  );
  const field = labelled ? document.getElementById(labelled.htmlFor) : null;
  if (field === null) return false;
  fireEvent.change(field, { target: { value } });
  return true;
}

async function click(name: string | RegExp): Promise<boolean> {
  const button = control(name);
  if (button === null) return false;
  await act(async () => {
    fireEvent.click(button);
  });
  return true;
}

/** Does through the screen what the event stands for; false when the screen has no way to. */
async function throughUi(event: OnboardingEvent, current: Harness): Promise<boolean> {
  switch (event.type) {
    case 'category.choose':
      return click(new RegExp(`^${event.category}`, 'i'));
    case 'role.submit': {
      const radios = [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')];
      const radio = radios.find((input) => input.value === event.value);
      const goal = document.querySelector('#role-goal');
      if (goal !== null) fireEvent.change(goal, { target: { value: event.value } });
      else if (event.value !== '' && radio !== undefined) fireEvent.click(radio);
      else if (event.value === '' && radios.some((input) => input.checked)) return false;
      return click('Continue');
    }
    case 'team.choose': {
      const names: Partial<Record<string, string>> = {
        yes: YES_CHOICE,
        maybe: 'Maybe',
        no: 'No thanks',
      };
      const name = names[event.choice];
      // Any other answer is the spec's fourth branch, which no button offers.
      return name === undefined ? false : click(name);
    }
    case 'team.retry':
      return click('Find me a team again');
    case 'hold.extend':
      return click(/Hold my slot/);
    case 'intro.submit':
      return setValue('Your Name', event.name) && click('Next');
    case 'goal.submit':
      return setValue('Tell your team one sentence about your goals', event.goal) && click('Next');
    case 'commit.accept':
      return click('Yes, you can count on me');
    case 'sync.accept':
      return click("Yes, I'll join the check-ins");
    case 'account.submit':
      return (
        setValue('Email', event.email) &&
        setValue('Password', event.password) &&
        click(/^Submit join request/)
      );
    case 'profile.photoSelected': {
      const input = document.getElementById('profile-photo');
      if (input === null || event.photo === null) return false;
      const file = new File([imageHead(event.photo.type)], event.photo.name ?? 'photo', {
        type: event.photo.type,
      });
      Object.defineProperty(file, 'size', { value: event.photo.size });
      await act(async () => {
        fireEvent.change(input, { target: { files: [file] } });
      });
      return true;
    }
    case 'profile.submit':
      return setValue('About me', event.aboutMe) && click('Complete Profile');
    case 'profile.skip':
      return click('Skip for now');
    case 'booking.submit':
      return (
        setValue('Name', event.name) &&
        setValue('Email', event.email) &&
        setValue('Phone', event.phone) &&
        click('Book This Time')
      );
    case 'feedback.submit':
      return (
        setValue('Name', event.name) &&
        setValue('Email', event.email) &&
        setValue('Feedback', event.feedback) &&
        click('Submit')
      );
    case 'nav.back':
      return click(/^Go back$/i);
    case 'nav.home':
      return click('Return to Homepage');
    case 'nav.request': {
      const path = fillRoute(STEP_ROUTES[event.step], event.category);
      await act(async () => {
        current.history.push(path);
      });
      return true;
    }
    default:
      return false;
  }
}

function driverFor(current: Harness, api: ReturnType<typeof deferredApi>): ModelDriver {
  return {
    async send(event) {
      if (await throughUi(event, current)) {
        viaUi += 1;
      } else {
        direct += 1;
        await act(async () => {
          current.session.get().send(event);
        });
      }
      await flush();
    },
    async resolve(actor, output) {
      const call = api.take(actor);
      // The app's booking-date actor wraps the client's date string in { date }.
      const value =
        actor === 'fetchNextBookingDate' &&
        typeof output === 'object' &&
        output !== null &&
        'date' in output
          ? output.date
          : output;
      await act(async () => call.resolve(value));
      await flush();
    },
    async reject(actor, error) {
      const call = api.take(actor);
      await act(async () => call.reject(error));
      await flush();
    },
    async advance(ms) {
      // Simulated time: the clock actor ticks each second on the way, delays fire on time.
      await act(async () => {
        vi.advanceTimersByTime(ms);
      });
      await flush();
    },
    async jump(ms) {
      // The time leaps (a sleeping laptop), then the clock's next tick reads it.
      vi.setSystemTime(Date.now() + ms - 1000);
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      await flush();
    },
    check(expected, step) {
      const actual = current.session.get().getSnapshot();
      expect(JSON.stringify(actual.value), step.event.type).toBe(JSON.stringify(expected.value));
      const route = stateToRoute(expected);
      expect(current.history.location.pathname, step.event.type).toBe(route);
      expect(document.querySelectorAll('h1'), route).toHaveLength(1);
    },
  };
}

/**
 * A path that another path starts with checks nothing the longer one does not: each step is
 * checked on the way. Replaying only the longest ones keeps every transition and the run short.
 */
function withoutPrefixes<T extends { description: string }>(all: readonly T[]): T[] {
  return all.filter(
    (path) => !all.some((other) => other.description.startsWith(`${path.description} -> `)),
  );
}

const allPaths = getCoveringPaths();
const paths = withoutPrefixes(allPaths);

/**
 * Declares the replay of every `count`-th path starting at `shard`: the paths are split over a
 * few test files so that the test runner's workers share them.
 */
export function replayShard(shard: number, count: number) {
  const mine = paths.filter((_path, index) => index % count === shard);
  describe(`onboarding model paths in the React app, part ${shard + 1} of ${count} (${mine.length} of ${paths.length} paths; ${allPaths.length - paths.length} more are their prefixes)`, () => {
    it.each(mine.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
      const api = deferredApi();
      harness = renderOnboarding({
        path: '/onboarding',
        api: api.api,
        readTime: () => Date.now(),
      });
      await flush();
      await runModelPath(path, driverFor(harness, api));
    });
  });
}
