/**
 * The onboarding machine's model-based paths (generated from the machine by
 * @app/statechart-tools/testing) replayed against the whole React app in jsdom: the app's own route
 * tree (layout, `_onboarding` routes, redirects, not-found), the real machine behind the real
 * screens and router bridge, a fake API whose calls the path settles one by one, and simulated
 * time. Every user event is produced with the control a person would use (`person.ts`); when the
 * screen does not offer it the test fails, unless the allow-list there says the UI must not
 * offer that event: then the test checks that the control is absent or disabled and only then
 * sends the event to the actor, so the app stays on the model's path.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '@app/api-client';
import {
  activeStateIds,
  emptyCoverage,
  formatCoverage,
  getCoveringPaths,
  MODEL_START,
  type ModelActor,
  type ModelDriver,
  type ModelPath,
  type ModelStep,
  missingStates,
  missingTransitions,
  reportDir,
  runModelPath,
  statesVisited,
  stepTransitions,
  toastsShown,
  writeCoverage,
} from '@app/onboarding/testing';
import { resetToasts, toast } from '@app/ui/toast-store';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render } from '@testing-library/react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  inject,
  it,
  vi,
} from 'vitest';
import { createAppRouter } from '../../router.tsx';
import { OnboardingSessionProvider } from '../SessionProvider.tsx';
import { createOnboardingSession, type OnboardingSession } from '../session.ts';
import { expectedView } from './expected.ts';
import { imageHead } from './harness.tsx';
import {
  type Control,
  type ControlState,
  describeControl,
  type NotOffered,
  notOfferedProblem,
  type PersonAction,
  planFor,
} from './person.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

const METHOD: Record<ModelActor, keyof ApiClient> = {
  submitOnboarding: 'submitOnboarding',
  fetchTeams: 'getTeams',
  fetchFocusAreas: 'getFocusAreas',
  fetchRoleAreas: 'getRoleAreas',
  createHold: 'createHold',
  fetchTeam: 'getTeam',
  extendHold: 'extendHold',
  retakeHold: 'createHold',
  createUser: 'createUser',
  handOverHold: 'handOverHold',
  updateProfile: 'updateProfile',
  fetchNextBookingDate: 'getNextAvailableDate',
  submitBooking: 'submitBooking',
  submitFeedback: 'submitFeedback',
};

const LIST_OF: Partial<Record<ModelActor, string>> = {
  fetchTeams: 'teams',
  fetchFocusAreas: 'focusAreas',
  fetchRoleAreas: 'roleAreas',
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
    resendConfirmation: () => waiting('resendConfirmation'),
    createHold: () => waiting('createHold'),
    extendHold: () => waiting('extendHold'),
    releaseHold: () => waiting('releaseHold'),
    releaseHoldOnUnload: () => undefined,
    handOverHold: () => waiting('handOverHold'),
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

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}

interface App {
  session: OnboardingSession;
  history: ReturnType<typeof createMemoryHistory>;
  unmount: () => void;
  /** The page loaded again at its URL: a new session restores the flow from storage. */
  reload: () => Promise<void>;
}

/** The whole app (layout, real route tree, toaster) at `path`, with the fake API. */
async function renderApp(
  api: ApiClient,
  storage = memoryStorage(),
  path = '/onboarding',
): Promise<App> {
  const session = createOnboardingSession({
    api,
    leave: (address) => {
      left.push(address);
    },
    toast: (params) => {
      toast(params);
    },
    analytics: { track: () => undefined },
    storage,
    now: () => Date.now(),
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(history);
  const view = render(
    <OnboardingSessionProvider session={session}>
      <RouterProvider router={router} />
    </OnboardingSessionProvider>,
  );
  await act(() => router.load());
  await toasterLoaded();
  const app: App = {
    session,
    history,
    unmount: () => {
      view.unmount();
      session.get().stop();
    },
    async reload() {
      const at = app.history.location.pathname;
      app.unmount();
      // A new page shows none of the old page's notices.
      resetToasts();
      const next = await renderApp(api, storage, at);
      app.session = next.session;
      app.history = next.history;
      app.unmount = next.unmount;
    },
  };
  return app;
}

/**
 * The root layout loads the toaster's code after the first render (DeferredToaster), as a browser
 * does before anyone can click; a toast raised earlier would wait in the store. The replay starts
 * once it is there, so a path's first toast is checked like any other.
 */
async function toasterLoaded() {
  const viewport = () => document.querySelector('[role="region"][aria-label^="Notifications"]');
  // Loading a module takes real time, which the fake timers do not move: wait on the real loop.
  const deadline = performance.now() + 10_000;
  while (viewport() === null && performance.now() < deadline) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  if (viewport() === null) throw new Error('the toaster did not load');
}

let app: App | null = null;
/** The addresses the page left the site for (the account step's Sign in), in order. */
const left: string[] = [];
/** What the file's paths covered: each file that replays a part starts these afresh. */
let coverage = emptyCoverage('jsdom');
let viaUi = 0;
const direct = new Map<string, number>();

/**
 * The hooks of a file that replays a part. Registered by `replayShard`, from the file itself:
 * Vitest runs a worker's files in one module graph (`isolate: false`), so this module is loaded
 * once for every part a worker replays, and hooks written at its top level would be registered
 * for the first of them alone (the next one ran its paths on real timers and failed).
 */
function registerHooks() {
  beforeAll(() => {
    coverage = emptyCoverage('jsdom');
    viaUi = 0;
    direct.clear();
  });
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      now: MODEL_START,
    });
    resetToasts();
    left.length = 0;
    // Typed drafts are kept in session storage: each path starts with none.
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
  afterEach(() => {
    app?.unmount();
    app = null;
    vi.useRealTimers();
  });
}

const flush = () => act(async () => undefined);

/* ------------------------------------------------------------------ */
/* Finding controls as a person does                                    */
/* ------------------------------------------------------------------ */

const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

function screenSummary(current: App): string {
  const headings = [...document.querySelectorAll('h1')].map(textOf).join(' | ');
  return `${current.history.location.pathname}: ${headings}`;
}

function findButton(control: Control & { kind: 'button' | 'link' }): HTMLElement | null {
  const { name } = control;
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const elements = document.querySelectorAll<HTMLElement>(
    control.kind === 'link' ? 'a[href]' : 'button',
  );
  return [...elements].find((element) => matches(textOf(element))) ?? null;
}

function labelled(label: string | RegExp): HTMLInputElement | HTMLTextAreaElement | null {
  const matches = (text: string) => (typeof label === 'string' ? text === label : label.test(text));
  const element = [...document.querySelectorAll('label')].find((candidate) =>
    matches(textOf(candidate)),
  );
  if (element === undefined) return null;
  const field =
    (element.htmlFor ? document.getElementById(element.htmlFor) : null) ??
    element.querySelector('input, textarea');
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field : null;
}

/** Disabled outright, or marked so for assistive technology while a call runs (focus stays). */
function isDisabled(element: HTMLElement): boolean {
  const disabled =
    (element instanceof HTMLButtonElement ||
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement) &&
    element.disabled;
  return disabled || element.closest('[aria-disabled="true"]') !== null;
}

function controlState(control: Control): ControlState {
  if (control.kind !== 'option') {
    const button = findButton(control);
    if (button === null) return 'absent';
    return isDisabled(button) ? 'disabled' : 'enabled';
  }
  const input = labelled(control.label);
  if (!(input instanceof HTMLInputElement)) return 'absent';
  return input.checked ? 'checked' : 'unchecked';
}

class NotOfferedByScreen extends Error {}

/** Does what a person does; throws when the screen does not let them. */
async function perform(action: PersonAction, current: App, eventType: string): Promise<void> {
  const missing = (what: string) =>
    new NotOfferedByScreen(
      `${eventType}: the screen offers no ${what} (${screenSummary(current)})`,
    );
  switch (action.kind) {
    case 'click': {
      const button = findButton(action.control);
      if (button === null) throw missing(describeControl(action.control));
      if (isDisabled(button)) throw missing(`enabled ${describeControl(action.control)}`);
      await act(async () => {
        fireEvent.click(button);
      });
      return;
    }
    case 'fill': {
      const field = labelled(action.label);
      if (field === null) throw missing(`field labelled "${action.label}"`);
      if (isDisabled(field)) throw missing(`enabled field labelled "${action.label}"`);
      fireEvent.change(field, { target: { value: action.value } });
      return;
    }
    case 'choose': {
      const option = labelled(action.label);
      if (!(option instanceof HTMLInputElement)) throw missing(`option "${action.label}"`);
      await act(async () => {
        fireEvent.click(option);
      });
      return;
    }
    case 'choosePhoto': {
      const input = labelled(/^(Upload|Change) photo$/);
      if (!(input instanceof HTMLInputElement)) throw missing('photo picker');
      const { photo } = action;
      const file = new File([imageHead(photo.type)], photo.name ?? 'photo', { type: photo.type });
      Object.defineProperty(file, 'size', { value: photo.size });
      await act(async () => {
        fireEvent.change(input, { target: { files: [file] } });
      });
      return;
    }
    case 'reload':
      await current.reload();
      return;
    case 'visit':
      // In jsdom the browser's back/forward and a typed URL are one thing: the URL changes.
      await act(async () => {
        current.history.push(action.path);
      });
      return;
  }
}

async function checkNotOffered(rule: NotOffered, current: App, eventType: string) {
  for (const action of rule.prepare) await perform(action, current, eventType);
  const problem = await notOfferedProblem(rule, eventType, controlState);
  if (problem !== null) throw new Error(`${problem} (${screenSummary(current)})`);
}

/* ------------------------------------------------------------------ */
/* Checking the screen against the model                                */
/* ------------------------------------------------------------------ */

/** The whole text of every element on the page, read once per check. */
function shownTexts(): Set<string> {
  return new Set([...document.body.querySelectorAll('*')].map(textOf));
}

function checkScreen(current: App, step: ModelStep, sentDirectly: boolean) {
  const where = `after ${step.event.type}`;
  const expected = expectedView(step.state);
  expect(current.history.location.pathname, where).toBe(expected.path);
  const headings = [...document.querySelectorAll('h1')].map(textOf);
  expect(headings, where).toHaveLength(1);
  if (typeof expected.heading === 'string') expect(headings[0], where).toBe(expected.heading);
  else expect(headings[0], where).toMatch(expected.heading);
  const shown = shownTexts();
  for (const text of expected.texts)
    expect(shown.has(text), `${where}: "${text}" shown`).toBe(true);
  for (const text of expected.absent) {
    expect(shown.has(text), `${where}: "${text}" not shown`).toBe(false);
  }
  // A form the person submitted shows the model's messages; an event the screen does not offer
  // (sent to the actor directly) has no form to show them on.
  const submitted = /\.(submit|photoSelected)$/.test(step.event.type) && !sentDirectly;
  if (submitted) {
    const page = document.body.textContent ?? '';
    for (const message of expected.fieldErrors) {
      expect(page.includes(message), `${where}: message "${message}" shown`).toBe(true);
    }
  }
  for (const { title } of toastsShown(step.from, step.event)) {
    expect(shown.has(title), `${where}: toast "${title}" shown`).toBe(true);
  }
  // The browser leaves the site only for the tracker's sign-in, and only when the model does.
  if (expected.leaves === null) {
    expect(left, `${where}: the page stays on the site`).toEqual([]);
  } else {
    expect(left, `${where}: the page leaves the site once`).toHaveLength(1);
    const address = new URL(left[0] ?? '', 'http://site.test');
    expect(address.pathname, where).toBe(expected.leaves.path);
    expect(address.searchParams.get('next') ?? '', where).toMatch(expected.leaves.next);
  }
}

function driverFor(current: App, api: ReturnType<typeof deferredApi>): ModelDriver {
  let sentDirectly: ModelStep | null = null;
  return {
    async send(event, step) {
      const plan = planFor(step);
      if (plan.kind === 'person') {
        for (const action of plan.actions) await perform(action, current, event.type);
        viaUi += 1;
      } else {
        await checkNotOffered(plan.rule, current, event.type);
        sentDirectly = step;
        direct.set(plan.rule.id, (direct.get(plan.rule.id) ?? 0) + 1);
        await act(async () => {
          current.session.get().send(event);
        });
      }
      await flush();
    },
    async resolve(actor, output) {
      const call = api.take(actor);
      // The machine's list actor answers `{ [list]: items }`; the client's call answers the items.
      const list = LIST_OF[actor];
      const value =
        list !== undefined && typeof output === 'object' && output !== null && list in output
          ? Object.entries(output).find(([key]) => key === list)?.[1]
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
      checkScreen(current, step, sentDirectly === step);
      for (const id of stepTransitions(step)) coverage.transitions.add(id);
      for (const id of activeStateIds(expected)) coverage.states.add(id);
      for (const id of statesVisited(step.from, step.event)) coverage.states.add(id);
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

/** The transitions and states a path takes, as `check` counts them. */
function pathCoverage(path: ModelPath): Set<string> {
  const covered = new Set<string>();
  for (const step of path.steps) {
    for (const id of stepTransitions(step)) covered.add(`t:${id}`);
    for (const id of activeStateIds(step.state)) covered.add(`s:${id}`);
    for (const id of statesVisited(step.from, step.event)) covered.add(`s:${id}`);
  }
  return covered;
}

/**
 * A few of the paths that together still take every transition and visit every state: each
 * chosen path adds the most not yet taken (the shorter on a tie). `pnpm test` replays these;
 * `PATHS_SET=full` replays them all.
 */
function coveringSubset(paths: readonly ModelPath[]): ModelPath[] {
  const left = paths.map((path) => ({ path, covers: pathCoverage(path) }));
  const taken = new Set<string>();
  const chosen: ModelPath[] = [];
  for (;;) {
    let best: (typeof left)[number] | null = null;
    let bestGain = 0;
    for (const candidate of left) {
      let gain = 0;
      for (const id of candidate.covers) if (!taken.has(id)) gain += 1;
      if (
        gain > bestGain ||
        (gain === bestGain &&
          gain > 0 &&
          best !== null &&
          candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (best === null) return chosen;
    chosen.push(best.path);
    for (const id of best.covers) taken.add(id);
  }
}

const allPaths = getCoveringPaths();
const longestPaths = withoutPrefixes(allPaths);
export const fullSet = process.env.PATHS_SET === 'full';
export const replayedPaths = fullSet ? longestPaths : coveringSubset(longestPaths);

/** What the chosen paths take, all together: they must take every transition. */
function plannedCoverage() {
  const planned = emptyCoverage('jsdom');
  planned.paths = replayedPaths.length;
  for (const path of replayedPaths) {
    for (const id of pathCoverage(path)) {
      if (id.startsWith('t:')) planned.transitions.add(id.slice(2));
      else planned.states.add(id.slice(2));
    }
  }
  return planned;
}

/**
 * Declares the replay of every `count`-th path starting at `shard`: the paths are split over a
 * few test files so that the test runner's workers share them. Each part records what it
 * covered; the part that finishes last prints the level's total and fails below 100 %.
 */
export function replayShard(shard: number, count: number) {
  registerHooks();
  const mine = replayedPaths.filter((_path, index) => index % count === shard);
  const set = fullSet
    ? `${allPaths.length - longestPaths.length} more are their prefixes`
    : `a covering subset of the ${longestPaths.length} longest; PATHS_SET=full replays them all`;
  describe(`onboarding model paths in the React app, part ${shard + 1} of ${count} (${mine.length} of ${replayedPaths.length} paths; ${set})`, () => {
    it('the paths replayed in jsdom together take every transition and visit every state', () => {
      const planned = plannedCoverage();
      expect(missingStates(planned)).toEqual([]);
      expect(missingTransitions(planned)).toEqual([]);
    });

    it.each(mine.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
      const api = deferredApi();
      app = await renderApp(api.api);
      await flush();
      await runModelPath(path, driverFor(app, api));
      coverage.paths += 1;
    });
  });

  afterAll(() => {
    const runId = inject('pathsRunId');
    const counts = [...direct].map(([id, times]) => `${id} ${times}`).join(', ');
    console.info(
      `jsdom part ${shard + 1} of ${count}: ${viaUi} events through the UI; sent to the actor after checking the UI does not offer them: ${counts || 'none'}`,
    );
    writeCoverage('jsdom', coverage.transitions, `part${shard + 1}of${count}`, coverage);
    writeJsdomPart(runId, shard, count);
  });
}

/* ------------------------------------------------------------------ */
/* The level's total, once every part has run                           */
/* ------------------------------------------------------------------ */

function writeJsdomPart(runId: string, shard: number, count: number) {
  const dir = join(reportDir(), 'jsdom-run');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${runId}.${shard}.json`),
    JSON.stringify({
      paths: coverage.paths,
      states: [...coverage.states],
      transitions: [...coverage.transitions],
    }),
  );
  const parts: { paths: number; states: string[]; transitions: string[] }[] = [];
  for (let index = 0; index < count; index += 1) {
    try {
      parts.push(JSON.parse(readFileSync(join(dir, `${runId}.${index}.json`), 'utf8')));
    } catch {
      return; // another part is still running: it prints the total
    }
  }
  const total = emptyCoverage('jsdom');
  for (const part of parts) {
    total.paths += part.paths;
    for (const id of part.states) total.states.add(id);
    for (const id of part.transitions) total.transitions.add(id);
  }
  console.info(formatCoverage(total));
  const lacking = [...missingStates(total), ...missingTransitions(total)];
  if (total.paths === replayedPaths.length && lacking.length > 0) {
    throw new Error(`jsdom level below 100 %: ${lacking.join(', ')}`);
  }
}
