import { MESSAGES, STORAGE_KEYS, type TeamView, UPLOADS_PATH } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Snapshot } from 'xstate';
import { createIntervalClock } from './clock.ts';
import {
  type OnboardingActorTypes,
  type OnboardingEvent,
  onboardingMachine,
  type SignInParams,
  type StorageValues,
  type ToastParams,
} from './index.ts';
import { parseStoredSnapshot, serialiseSnapshot } from './persistence.ts';
import { selectBusy, selectHold, selectSampleReason } from './selectors.ts';
import { SAMPLE_TEAM } from './team.ts';
import type { TeamLists } from './types.ts';

const START = Date.UTC(2026, 10, 22, 17, 0, 0);

const member = (id: number, name: string, photo: string | null = null) => ({
  id: String(id),
  name,
  photo,
  aboutMe: 'Team Member',
  goalSummary: 'Has accountability goals',
});

const TEAM: TeamView = {
  id: '4',
  name: 'Deep Work Crew',
  focusAreaId: '1',
  focusRoleId: '12',
  members: [member(1, 'Lena Vogel', `${UPLOADS_PATH}/seed/lena.webp`), member(2, 'Marcus Reed')],
  openSeats: 1,
};
const OTHER_TEAM: TeamView = {
  ...TEAM,
  id: '5',
  name: 'Early Risers',
  focusRoleId: '7',
  members: [member(3, 'Priya Nair')],
  openSeats: 2,
};
const FULL_TEAM: TeamView = { ...TEAM, id: '6', name: 'Full House', openSeats: 0 };

const HOLD_ID = '6f1d2c3b-4a59-4c55-9a5a-0b0f5f1e8f43';
const seat = (secondsLeft = 600, id = HOLD_ID) => ({
  id,
  teamId: 4,
  expiresAt: new Date(Date.now() + secondsLeft * 1000).toISOString(),
  secondsLeft,
});

/** A failed call as the api-client reports it: its message and the server's code. */
class CallError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
const teamFull = () => new CallError('Team "Deep Work Crew" has no open seat.', 'TEAM_FULL');

const lists = (teams: TeamView[]): Partial<TeamLists>[] => [
  { teams },
  { focusAreas: [] },
  { roleAreas: [] },
];

type CallName =
  | 'submitOnboarding'
  | 'fetchTeams'
  | 'fetchFocusAreas'
  | 'fetchRoleAreas'
  | 'createHold'
  | 'fetchTeam'
  | 'extendHold'
  | 'retakeHold'
  | 'createUser'
  | 'handOverHold'
  | 'updateProfile'
  | 'fetchNextBookingDate'
  | 'submitBooking'
  | 'submitFeedback';

interface Call {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The real machine with calls held open until the test settles them, on simulated time. */
function start(snapshot?: Snapshot<unknown>) {
  const calls = new Map<CallName, Call>();
  const toasts: ToastParams[] = [];
  const stored: StorageValues = {};
  const tracked: string[] = [];
  const released: string[] = [];
  const signIns: SignInParams[] = [];
  // Keyed by the invoke's id: one actor serves several invokes (the lists, the hold and its retake).
  const call = <K extends keyof OnboardingActorTypes>(_src: K) =>
    fromPromise<OnboardingActorTypes[K]['output'], OnboardingActorTypes[K]['input']>(
      ({ input, self }) =>
        new Promise((resolve, reject) => {
          const settle = (output: unknown) => resolve(output as OnboardingActorTypes[K]['output']);
          calls.set(self.id as CallName, { input, resolve: settle, reject });
        }),
    );
  const machine = onboardingMachine.provide({
    actors: {
      submitOnboarding: call('submitOnboarding'),
      fetchList: call('fetchList'),
      fetchTeam: call('fetchTeam'),
      createHold: call('createHold'),
      extendHold: call('extendHold'),
      releaseHold: fromPromise<unknown, { holdId: string }>(async ({ input }) => {
        released.push(input.holdId);
      }),
      createUser: call('createUser'),
      handOverHold: call('handOverHold'),
      updateProfile: call('updateProfile'),
      fetchNextBookingDate: call('fetchNextBookingDate'),
      submitBooking: call('submitBooking'),
      submitFeedback: call('submitFeedback'),
      clock: createIntervalClock(() => Date.now(), {
        setInterval: (callback, ms) => setInterval(callback, ms),
        clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
      }),
    },
    actions: {
      showToast: (_, params) => {
        toasts.push(params);
      },
      saveToStorage: (_, params) => {
        Object.assign(stored, params.values);
      },
      track: (_, params) => {
        tracked.push(params.event);
      },
      openSignIn: (_, params) => {
        signIns.push(params);
      },
    },
  });
  const actor = createActor(machine, { input: { now: Date.now() }, snapshot }).start();
  const settle = async (name: CallName, outcome: 'resolve' | 'reject', value: unknown) => {
    const pending = calls.get(name);
    if (pending === undefined) throw new Error(`no ${name} call in flight`);
    calls.delete(name);
    pending[outcome](value);
    await vi.advanceTimersByTimeAsync(0);
  };
  return {
    actor,
    calls,
    released,
    signIns,
    toasts,
    stored,
    tracked,
    send: (event: OnboardingEvent) => actor.send(event),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    resolve: (name: CallName, output: unknown) => settle(name, 'resolve', output),
    reject: (name: CallName, error: unknown) => settle(name, 'reject', error),
  };
}

type System = ReturnType<typeof start>;

/** Category and role chosen, the onboarding post answered: the team search is running. */
async function toMatching(system: System, role = 'Employee') {
  system.send({ type: 'category.choose', category: 'work' });
  system.send({ type: 'role.submit', value: role });
  await system.resolve('submitOnboarding', { message: 'ok' });
}

async function answerLists(system: System, teams: TeamView[]) {
  const [teamList, focusAreas, roleAreas] = lists(teams);
  await system.resolve('fetchTeams', teamList);
  await system.resolve('fetchFocusAreas', focusAreas);
  await system.resolve('fetchRoleAreas', roleAreas);
}

async function toTeam(system: System) {
  await toMatching(system);
  await answerLists(system, [TEAM]);
  await system.resolve('createHold', seat());
  await system.resolve('fetchTeam', TEAM);
}

async function toAccount(system: System) {
  await toTeam(system);
  system.send({ type: 'team.choose', choice: 'yes' });
  system.send({ type: 'intro.submit', name: ' Ada Lovelace ' });
  system.send({ type: 'goal.submit', goal: 'Finish my notes' });
  system.send({ type: 'commit.accept' });
  system.send({ type: 'sync.accept' });
}

async function toConfirm(system: System) {
  await toAccount(system);
  system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
  await system.resolve('createUser', { user: { id: 41 }, joinRequestSuccess: true });
}

const COUNTING = { live: 'counting' } as const;
const step = (name: string) => ({ matched: { step: name, hold: COUNTING } });

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('role step', () => {
  it('validates the answer with the spec messages', () => {
    const system = start();
    system.send({ type: 'category.choose', category: 'other' });
    system.send({ type: 'role.submit', value: '   ' });
    expect(system.context().errors.role).toBe(MESSAGES.enterGoal);
    system.send({ type: 'nav.request', step: 'role', category: 'work' });
    system.send({ type: 'role.submit', value: 'Astronaut' });
    expect(system.value()).toEqual({ role: 'choosing' });
    expect(system.context().errors.role).toBe(MESSAGES.makeSelection);
  });

  it('posts the selection while showing it is processing, then searches for a team', async () => {
    const system = start();
    system.send({ type: 'category.choose', category: 'other' });
    system.send({ type: 'role.submit', value: 'Read 20 books this year' });
    expect(selectBusy(system.actor.getSnapshot())).toBe(true);
    expect(system.calls.get('submitOnboarding')?.input).toEqual({
      category: 'other',
      focusArea: 'Read 20 books this year',
    });
    await system.resolve('submitOnboarding', { message: 'ok' });
    expect(system.value()).toMatchObject({ matching: {} });
  });

  it("stays on the role step with the spec's toast when the post fails", async () => {
    const system = start();
    system.send({ type: 'category.choose', category: 'work' });
    system.send({ type: 'role.submit', value: 'Employee' });
    await system.reject('submitOnboarding', { kind: 'http', status: 500, message: '500: boom' });
    expect(system.value()).toEqual({ role: 'choosing' });
    expect(system.toasts).toEqual([
      { title: 'Error', description: MESSAGES.onboardingError, variant: 'destructive' },
    ]);
  });
});

describe('team matching', () => {
  it('shows the chosen team and saves it under the spec storage keys', async () => {
    const system = start();
    await toTeam(system);
    expect(system.calls.size).toBe(0);
    expect(system.value()).toEqual(step('team'));
    expect(system.context().team?.name).toBe('Deep Work Crew');
    expect(system.context().team?.members[0]?.photo).toBe(`${UPLOADS_PATH}/seed/lena.webp`);
    expect(system.stored[STORAGE_KEYS.selectedTeamId]).toBe('4');
    expect(system.stored[STORAGE_KEYS.selectedTeamName]).toBe('Deep Work Crew');
    expect(JSON.parse(system.stored[STORAGE_KEYS.teamData] ?? 'null')).toMatchObject({ id: '4' });
  });

  it('shows the sample team after 10 seconds without an answer', async () => {
    const system = start();
    await toMatching(system);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(system.value()).toMatchObject({ matching: {} });
    await vi.advanceTimersByTimeAsync(1);
    expect(system.value()).toEqual({ matched: { step: 'team', hold: 'none' } });
    expect(system.context().team).toEqual(SAMPLE_TEAM);
    expect(selectSampleReason(system.actor.getSnapshot())).toBe('unreachable');
  });

  it('shows the sample team when the team list fails', async () => {
    const system = start();
    await toMatching(system);
    await system.reject('fetchTeams', new TypeError('Failed to fetch'));
    await system.resolve('fetchFocusAreas', { focusAreas: [] });
    await system.reject('fetchRoleAreas', { kind: 'network' });
    expect(system.context().team).toEqual(SAMPLE_TEAM);
    expect(system.calls.has('createHold')).toBe(false);
    expect(selectSampleReason(system.actor.getSnapshot())).toBe('unreachable');
  });

  it("shows the sample team when the team's details lack members", async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [TEAM]);
    await system.resolve('createHold', seat());
    await system.resolve('fetchTeam', { ...TEAM, members: [] });
    expect(system.context().team).toEqual(SAMPLE_TEAM);
    // The seat of a team that cannot be shown is given back.
    expect(system.released).toEqual([HOLD_ID]);
    expect(system.context().holdId).toBeNull();
  });

  it('goes back to the role step from the search', async () => {
    const system = start();
    await toMatching(system);
    system.send({ type: 'nav.back' });
    expect(system.value()).toEqual({ role: 'choosing' });
  });
});

describe('team step answers', () => {
  it('Yes, Maybe and No go to their steps', async () => {
    for (const [choice, value] of [
      ['yes', step('intro')],
      ['maybe', { matched: { step: { maybe: 'loadingDate' }, hold: COUNTING } }],
      ['no', { matched: { step: { no: 'editing' }, hold: 'none' } }],
    ] as const) {
      const system = start();
      await toTeam(system);
      system.send({ type: 'team.choose', choice });
      expect(system.value()).toEqual(value);
    }
  });

  it('any other answer thanks the user and leaves for the home page', async () => {
    const system = start();
    await toTeam(system);
    system.send({ type: 'team.choose', choice: 'later' });
    expect(system.value()).toBe('home');
    expect(system.actor.getSnapshot().status).toBe('done');
    expect(system.toasts).toEqual([
      { title: MESSAGES.teamOtherTitle, description: MESSAGES.teamOther },
    ]);
  });
});

describe('matching among teams with an open seat', () => {
  it('holds a seat on the chosen team before showing it', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [OTHER_TEAM, TEAM]);
    expect(system.calls.get('createHold')?.input).toEqual({ teamId: '4' });
    expect(system.calls.has('fetchTeam')).toBe(false);
    await system.resolve('createHold', seat(598));
    expect(system.calls.get('fetchTeam')?.input).toEqual({ id: '4' });
    await system.resolve('fetchTeam', TEAM);
    expect(system.context()).toMatchObject({ holdId: HOLD_ID, holdExpiresAt: START + 598_000 });
  });

  it('leaves out full teams, and moves to the next team when the seat was taken meanwhile', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [FULL_TEAM, TEAM, OTHER_TEAM]);
    expect(system.calls.get('createHold')?.input).toEqual({ teamId: '4' });
    await system.reject('createHold', teamFull());
    expect(system.calls.get('createHold')?.input).toEqual({ teamId: '5' });
    await system.resolve('createHold', seat());
    await system.resolve('fetchTeam', OTHER_TEAM);
    expect(system.context().team?.name).toBe('Early Risers');
    expect(selectSampleReason(system.actor.getSnapshot())).toBeNull();
  });

  it('shows the sample team, holding nothing, when no team has an open seat', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [FULL_TEAM, TEAM]);
    await system.reject('createHold', teamFull());
    expect(system.value()).toEqual({ matched: { step: 'team', hold: 'none' } });
    expect(system.context().team).toEqual(SAMPLE_TEAM);
    expect(selectSampleReason(system.actor.getSnapshot())).toBe('full');
    expect(selectHold(system.actor.getSnapshot()).status).toBe('none');
  });

  it('shows the sample team when the hold call fails, and gives back a seat held at the time-out', async () => {
    const failed = start();
    await toMatching(failed);
    await answerLists(failed, [TEAM]);
    await failed.reject('createHold', new CallError('Network error. Please try again later.'));
    expect(failed.context().team).toEqual(SAMPLE_TEAM);
    expect(selectSampleReason(failed.actor.getSnapshot())).toBe('unreachable');

    const slow = start();
    await toMatching(slow);
    await answerLists(slow, [TEAM]);
    await slow.resolve('createHold', seat());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(slow.context().team).toEqual(SAMPLE_TEAM);
    expect(slow.released).toEqual([HOLD_ID]);
  });

  it('looks for a team again beside the sample team', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, []);
    expect(system.context().team).toEqual(SAMPLE_TEAM);
    system.send({ type: 'team.retry' });
    expect(system.value()).toMatchObject({ matching: {} });
    expect(system.calls.has('fetchTeams')).toBe(true);
  });
});

describe('giving the seat back', () => {
  it('on No thanks, on Go back to the role step and on the role step asked for by URL', async () => {
    const cases: [string, (system: System) => void][] = [
      ['no', (system) => system.send({ type: 'team.choose', choice: 'no' })],
      ['back', (system) => system.send({ type: 'nav.back' })],
      [
        'role by URL',
        (system) => system.send({ type: 'nav.request', step: 'role', category: 'work' }),
      ],
    ];
    for (const [name, act] of cases) {
      const system = start();
      await toTeam(system);
      act(system);
      await vi.advanceTimersByTimeAsync(0);
      expect(system.released, name).toEqual([HOLD_ID]);
      expect(system.context().holdId, name).toBeNull();
    }
  });

  it('keeps the seat on Maybe until the hold runs out', async () => {
    const system = start();
    await toTeam(system);
    system.send({ type: 'team.choose', choice: 'maybe' });
    await system.resolve('fetchNextBookingDate', '2026-11-26T20:00:00.000Z');
    expect(system.released).toEqual([]);
    expect(selectHold(system.actor.getSnapshot()).status).toBe('counting');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(selectHold(system.actor.getSnapshot()).status).toBe('expired');
    expect(system.released).toEqual([]);
  });

  it('does not give back a seat that turned into a join request', async () => {
    const system = start();
    await toConfirm(system);
    expect(system.released).toEqual([]);
  });
});

describe('slot hold', () => {
  it('ticks down each second from what the server says is left', async () => {
    const system = start();
    await toTeam(system);
    expect(selectHold(system.actor.getSnapshot())).toMatchObject({
      status: 'counting',
      countdown: '10:00',
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectHold(system.actor.getSnapshot()).countdown).toBe('9:59');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(selectHold(system.actor.getSnapshot()).countdown).toBe('9:00');
  });

  it("counts from the server's seconds, whatever its clock says", async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [TEAM]);
    // The server's clock is an hour ahead: its expiresAt means nothing here.
    await system.resolve('createHold', {
      ...seat(420),
      expiresAt: new Date(START + 3_600_000).toISOString(),
    });
    await system.resolve('fetchTeam', TEAM);
    expect(selectHold(system.actor.getSnapshot()).countdown).toBe('7:00');
  });

  it('warns before the end and extends the hold through the server in one step', async () => {
    const system = start();
    await toAccount(system);
    await vi.advanceTimersByTimeAsync(539_000);
    expect(selectHold(system.actor.getSnapshot()).status).toBe('counting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(selectHold(system.actor.getSnapshot())).toMatchObject({
      status: 'ending',
      countdown: '1:00',
    });
    system.send({ type: 'hold.extend' });
    expect(selectHold(system.actor.getSnapshot()).status).toBe('extending');
    expect(system.calls.get('extendHold')?.input).toEqual({ holdId: HOLD_ID });
    await system.resolve('extendHold', seat());
    expect(selectHold(system.actor.getSnapshot())).toMatchObject({
      status: 'counting',
      countdown: '10:00',
    });
    expect(system.value()).toMatchObject({ matched: { step: { account: 'editing' } } });
  });

  it('keeps offering the extension when it fails while time is left', async () => {
    const system = start();
    await toTeam(system);
    await vi.advanceTimersByTimeAsync(550_000);
    system.send({ type: 'hold.extend' });
    await system.reject('extendHold', new CallError('Network error. Please try again later.'));
    expect(selectHold(system.actor.getSnapshot())).toMatchObject({ status: 'ending' });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(selectHold(system.actor.getSnapshot()).status).toBe('expired');
  });

  it('at 0 keeps the step and what was typed, and refuses to go on with the seat gone', async () => {
    const system = start();
    await toAccount(system);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(system.value()).toEqual({
      matched: { step: { account: 'editing' }, hold: 'expired' },
    });
    expect(selectHold(system.actor.getSnapshot())).toMatchObject({
      status: 'expired',
      countdown: '0:00',
    });
    expect(system.context()).toMatchObject({ name: 'Ada Lovelace', goal: 'Finish my notes' });
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    expect(system.calls.has('createUser')).toBe(false);
    system.send({ type: 'nav.request', step: 'goal', category: 'work' });
    expect(system.value()).toMatchObject({ matched: { step: { account: 'editing' } } });
  });

  it('takes the same seat again in one step when it is still open', async () => {
    const system = start();
    await toAccount(system);
    await vi.advanceTimersByTimeAsync(600_000);
    system.send({ type: 'hold.retake' });
    expect(selectHold(system.actor.getSnapshot()).status).toBe('retaking');
    expect(system.calls.get('retakeHold')?.input).toEqual({ teamId: '4' });
    await system.resolve('retakeHold', seat(600, 'a1b2c3d4-0000-4000-8000-000000000001'));
    expect(selectHold(system.actor.getSnapshot())).toMatchObject({
      status: 'counting',
      countdown: '10:00',
    });
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    expect(system.calls.has('createUser')).toBe(true);
  });

  it('offers only another team when someone took the seat, and keeps the answers', async () => {
    const system = start();
    await toAccount(system);
    await vi.advanceTimersByTimeAsync(600_000);
    system.send({ type: 'hold.retake' });
    await system.reject('retakeHold', teamFull());
    expect(selectHold(system.actor.getSnapshot()).status).toBe('taken');
    system.send({ type: 'hold.retake' });
    expect(selectHold(system.actor.getSnapshot()).status).toBe('taken');
    system.send({ type: 'team.retry' });
    expect(system.value()).toMatchObject({ matching: {} });
    expect(system.context()).toMatchObject({ name: 'Ada Lovelace', goal: 'Finish my notes' });
    expect(system.released).toEqual([]);
  });

  it('looks for another team after the hold ran out, and offers the same one only if no other has room', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [TEAM, OTHER_TEAM]);
    expect(system.calls.get('createHold')?.input).toEqual({ teamId: '4' });
    await system.resolve('createHold', seat());
    await system.resolve('fetchTeam', TEAM);
    await vi.advanceTimersByTimeAsync(600_000);
    system.send({ type: 'team.retry' });
    await answerLists(system, [TEAM, OTHER_TEAM]);
    // Deep Work Crew has more members and still a seat, but the visitor passed on it.
    expect(system.calls.get('createHold')?.input).toEqual({ teamId: '5' });
    await system.resolve('createHold', seat());
    await system.resolve('fetchTeam', OTHER_TEAM);
    expect(system.context().team?.name).toBe('Early Risers');
    // Only one team: it is offered again.
    await vi.advanceTimersByTimeAsync(600_000);
    system.send({ type: 'team.retry' });
    await answerLists(system, [OTHER_TEAM]);
    expect(system.calls.get('createHold')?.input).toEqual({ teamId: '5' });
  });

  it('stays expired with the offer open when taking the seat again fails', async () => {
    const system = start();
    await toTeam(system);
    await vi.advanceTimersByTimeAsync(600_000);
    system.send({ type: 'team.choose', choice: 'yes' });
    expect(system.value()).toEqual({ matched: { step: 'team', hold: 'expired' } });
    system.send({ type: 'hold.retake' });
    await system.reject('retakeHold', new CallError('Network error. Please try again later.'));
    expect(system.value()).toEqual({ matched: { step: 'team', hold: 'expired' } });
  });

  it('takes the seat again after a reload (the page gave it back when it went away)', async () => {
    const system = start();
    await toTeam(system);
    system.send({ type: 'hold.resume' });
    expect(system.calls.get('retakeHold')?.input).toEqual({ teamId: '4' });
    await system.resolve('retakeHold', seat(600));
    expect(selectHold(system.actor.getSnapshot()).status).toBe('counting');
  });
});

describe('yes path', () => {
  it('saves the name and goal under the spec keys and walks to the account step', async () => {
    const system = start();
    await toAccount(system);
    expect(system.value()).toEqual({ matched: { step: { account: 'editing' }, hold: COUNTING } });
    expect(system.stored[STORAGE_KEYS.name]).toBe('Ada Lovelace');
    expect(system.stored[STORAGE_KEYS.goal]).toBe('Finish my notes');
  });

  it('refuses blank names and goals', async () => {
    const system = start();
    await toTeam(system);
    system.send({ type: 'team.choose', choice: 'yes' });
    system.send({ type: 'intro.submit', name: '  ' });
    expect(system.value()).toEqual(step('intro'));
    expect(system.context().errors.name).toBe(MESSAGES.enterName);
    system.send({ type: 'intro.submit', name: 'Ada' });
    system.send({ type: 'goal.submit', goal: ' ' });
    expect(system.value()).toEqual(step('goal'));
    expect(system.context().errors.goal).toBe(MESSAGES.enterGoal);
  });

  it('goes back one step at a time with Go back', async () => {
    const system = start();
    await toAccount(system);
    const seen: unknown[] = [];
    for (let i = 0; i < 6; i += 1) {
      system.send({ type: 'nav.back' });
      seen.push(system.value());
    }
    expect(seen).toEqual([
      step('sync'),
      step('commit'),
      step('goal'),
      step('intro'),
      step('team'),
      { role: 'choosing' },
    ]);
  });
});

describe('account step', () => {
  it('creates the user with the collected answers and reports the join request', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: ' ada@example.com ', password: 'engine-1843' });
    expect(selectBusy(system.actor.getSnapshot())).toBe(true);
    expect(system.calls.get('createUser')?.input).toEqual({
      email: 'ada@example.com',
      password: 'engine-1843',
      name: 'Ada Lovelace',
      goalSummary: 'Finish my notes',
      teamId: '4',
      areaName: 'work',
      roleName: 'Employee',
    });
    await system.resolve('createUser', { user: { id: 41 }, joinRequestSuccess: true });
    expect(system.value()).toEqual({ confirm: 'editing' });
    expect(system.stored[STORAGE_KEYS.createdUserId]).toBe('41');
    expect(system.toasts).toEqual([
      { title: MESSAGES.joinRequestSuccessTitle, description: MESSAGES.joinRequestSuccess },
    ]);
    expect(system.tracked).toEqual(['Onboard_success_page_loaded']);
  });

  it("names the area without a role when the role step's answer is Other's typed goal", async () => {
    const system = start();
    system.send({ type: 'category.choose', category: 'other' });
    system.send({ type: 'role.submit', value: 'Read 20 books this year' });
    await system.resolve('submitOnboarding', { message: 'ok' });
    await answerLists(system, [TEAM]);
    await system.resolve('createHold', seat());
    await system.resolve('fetchTeam', TEAM);
    system.send({ type: 'team.choose', choice: 'yes' });
    system.send({ type: 'intro.submit', name: 'Ada Lovelace' });
    system.send({ type: 'goal.submit', goal: 'Finish my notes' });
    system.send({ type: 'commit.accept' });
    system.send({ type: 'sync.accept' });
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    expect(system.calls.get('createUser')?.input).toMatchObject({ areaName: 'other' });
    expect(system.calls.get('createUser')?.input).not.toHaveProperty('roleName');
  });

  it('says a join request sent beside the sample team will be assigned, not sent to a team', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [FULL_TEAM]);
    expect(system.context().team).toEqual(SAMPLE_TEAM);
    system.send({ type: 'team.choose', choice: 'yes' });
    system.send({ type: 'intro.submit', name: 'Ada Lovelace' });
    system.send({ type: 'goal.submit', goal: 'Finish my notes' });
    system.send({ type: 'commit.accept' });
    system.send({ type: 'sync.accept' });
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.resolve('createUser', { user: { id: 42 }, joinRequestSuccess: true });
    expect(system.toasts).toEqual([
      { title: MESSAGES.joinRequestSuccessTitle, description: MESSAGES.joinRequestSentUnassigned },
    ]);
  });

  it('warns when the account exists but the join request failed', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.resolve('createUser', { user: { id: 41 }, joinRequestWarning: 'Team is full' });
    expect(system.value()).toEqual({ confirm: 'editing' });
    expect(system.toasts).toEqual([
      { title: MESSAGES.joinRequestWarningTitle, description: MESSAGES.joinRequestWarning },
    ]);
  });

  it('shows the error inline and as a destructive toast, and stays', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', new CallError('Email already registered'));
    expect(system.value()).toEqual({ matched: { step: { account: 'editing' }, hold: COUNTING } });
    expect(system.context().errors.form).toBe('Email already registered');
    expect(system.toasts).toEqual([
      {
        title: 'Error creating account',
        description: 'Email already registered',
        variant: 'destructive',
      },
    ]);
  });

  it('puts a taken address and a refused field against their fields', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', {
      kind: 'http',
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email address already exists.',
    });
    expect(system.context().errors).toEqual({
      email: 'An account with this email address already exists.',
    });
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: 'Password: too common',
        details: [{ path: 'password', message: 'Choose a less common password' }],
      },
    });
    expect(system.context().errors).toEqual({ password: 'Choose a less common password' });
  });

  it('shows the invalid-response text when a failure brings no message', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', { status: 500 });
    expect(system.context().errors.form).toBe(MESSAGES.invalidServerResponse);
  });

  it('checks the form before sending anything', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada', password: '' });
    expect(system.calls.has('createUser')).toBe(false);
    expect(system.context().errors).toEqual({
      email: MESSAGES.validEmail,
      password: MESSAGES.enterPassword,
    });
  });

  it("sends a password shorter than the hint's 6 characters: the hint is not enforced (spec 5, 9)", async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: '1' });
    expect(system.calls.has('createUser')).toBe(true);
    expect(system.context().errors).toEqual({});
  });
});

describe('account step: the address already has an account', () => {
  const TAKEN = {
    kind: 'http',
    status: 409,
    code: 'EMAIL_TAKEN',
    message:
      'An account with this email address already exists. Sign in instead, or use another address.',
  };
  async function toTaken(system: System) {
    await toAccount(system);
    system.send({ type: 'account.submit', email: ' ada@example.com ', password: 'engine-1843' });
    await system.reject('createUser', TAKEN);
  }
  const editing = { matched: { step: { account: 'editing' }, hold: COUNTING } };

  it('offers Sign in only after a refusal for a taken address', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.signIn' });
    expect(system.value()).toEqual(editing);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', new CallError('Server down'));
    expect(system.context().accountExists).toBe(false);
    system.send({ type: 'account.signIn' });
    expect(system.calls.has('handOverHold')).toBe(false);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', TAKEN);
    expect(system.context().accountExists).toBe(true);
    expect(system.context().errors).toEqual({ email: TAKEN.message });
    // Typing a form the checks refuse is another answer: the offer goes with the refusal.
    system.send({ type: 'account.submit', email: 'ada', password: '' });
    expect(system.context().accountExists).toBe(false);
  });

  it('hands the held seat over for the typed address, then opens the sign-in with it', async () => {
    const system = start();
    await toTaken(system);
    system.send({ type: 'account.signIn' });
    expect(selectBusy(system.actor.getSnapshot())).toBe(true);
    expect(system.calls.get('handOverHold')?.input).toEqual({
      holdId: HOLD_ID,
      email: 'ada@example.com',
    });
    await system.resolve('handOverHold', {
      holdId: HOLD_ID,
      token: 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa',
    });
    expect(system.actor.getSnapshot().status).toBe('done');
    expect(system.value()).toBe('signIn');
    expect(system.signIns).toEqual([
      { seat: { id: HOLD_ID, key: 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa' } },
    ]);
    // The seat went with the person: it is not given back here.
    expect(system.released).toEqual([]);
  });

  it('keeps everything when the hand-over fails, and says so', async () => {
    const system = start();
    await toTaken(system);
    system.send({ type: 'account.signIn' });
    await system.reject('handOverHold', { kind: 'network', message: 'Network error.' });
    expect(system.value()).toEqual(editing);
    expect(system.context().errors).toEqual({
      email: TAKEN.message,
      form: MESSAGES.accountSignInFailed,
    });
    expect(system.context()).toMatchObject({ holdId: HOLD_ID, name: 'Ada Lovelace' });
    expect(system.signIns).toEqual([]);
    // Trying again works.
    system.send({ type: 'account.signIn' });
    expect(system.calls.has('handOverHold')).toBe(true);
  });

  it('says the slot ran out when the server no longer holds it, and offers to take it again', async () => {
    const system = start();
    await toTaken(system);
    system.send({ type: 'account.signIn' });
    await system.reject('handOverHold', new CallError('The seat has run out.', 'HOLD_EXPIRED'));
    expect(system.value()).toEqual({ matched: { step: { account: 'editing' }, hold: 'expired' } });
    expect(system.context().errors).toEqual({
      email: TAKEN.message,
      hold: MESSAGES.holdSignInReleased,
    });
    expect(system.signIns).toEqual([]);
    system.send({ type: 'hold.retake' });
    await system.resolve('retakeHold', seat(600, 'a-new-hold'));
    expect(system.context().errors).toEqual({ email: TAKEN.message });
    system.send({ type: 'account.signIn' });
    expect(system.calls.get('handOverHold')?.input).toEqual({
      holdId: 'a-new-hold',
      email: 'ada@example.com',
    });
  });

  it('asks nothing of the server once the hold ran out on the clock', async () => {
    const system = start();
    await toTaken(system);
    await vi.advanceTimersByTimeAsync(600_000);
    system.send({ type: 'account.signIn' });
    expect(system.calls.has('handOverHold')).toBe(false);
    expect(system.context().errors.hold).toBe(MESSAGES.holdSignInReleased);
    expect(system.signIns).toEqual([]);
  });

  it('opens the sign-in without a seat beside the sample team, which holds none', async () => {
    const system = start();
    await toMatching(system);
    await answerLists(system, [FULL_TEAM]);
    system.send({ type: 'team.choose', choice: 'yes' });
    system.send({ type: 'intro.submit', name: 'Ada Lovelace' });
    system.send({ type: 'goal.submit', goal: 'Finish my notes' });
    system.send({ type: 'commit.accept' });
    system.send({ type: 'sync.accept' });
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    await system.reject('createUser', TAKEN);
    system.send({ type: 'account.signIn' });
    expect(system.calls.has('handOverHold')).toBe(false);
    expect(system.signIns).toEqual([{ seat: null }]);
    expect(system.value()).toBe('signIn');
  });
});

describe('profile step', () => {
  it('blocks a photo over 5 MB with the spec message and toast', async () => {
    const system = start();
    await toConfirm(system);
    const photo = { size: 6 * 1024 * 1024, type: 'image/jpeg' };
    system.send({ type: 'profile.photoSelected', photo });
    expect(system.context().errors.photo).toBe(MESSAGES.photoTooLarge);
    system.send({ type: 'profile.submit', aboutMe: 'Hi', photo });
    expect(system.value()).toEqual({ confirm: 'editing' });
    expect(system.calls.has('updateProfile')).toBe(false);
    expect(system.toasts.at(-1)).toEqual({
      title: 'Photo size error',
      description: MESSAGES.photoTooLarge,
      variant: 'destructive',
    });
    // The message stays on screen while the photo stays chosen, and so does the block.
    expect(system.context().errors.photo).toBe(MESSAGES.photoTooLarge);
    system.send({ type: 'profile.submit', aboutMe: 'Hi', photo });
    expect(system.calls.has('updateProfile')).toBe(false);
    expect(system.context().errors.photo).toBe(MESSAGES.photoTooLarge);
  });

  it('saves the profile and says so', async () => {
    const system = start();
    await toConfirm(system);
    const photo = { size: 200_000, type: 'image/png' };
    system.send({ type: 'profile.photoSelected', photo });
    system.send({ type: 'profile.submit', aboutMe: ' I like walks ', photo });
    expect(system.calls.get('updateProfile')?.input).toEqual({
      userId: '41',
      aboutMe: 'I like walks',
      photo,
    });
    await system.resolve('updateProfile', { message: 'ok' });
    expect(system.value()).toBe('thankYou');
    expect(system.context().profileSaved).toBe(true);
    expect(system.toasts.at(-1)?.title).toBe('Profile Updated');
  });

  it('still reaches thank-you when saving fails', async () => {
    const system = start();
    await toConfirm(system);
    system.send({ type: 'profile.submit', aboutMe: 'Hi', photo: null });
    await system.reject('updateProfile', { status: 500 });
    expect(system.value()).toBe('thankYou');
    expect(system.context().profileSaved).toBe(false);
    expect(system.toasts.at(-1)).toEqual({
      title: 'Error Updating Profile',
      description: MESSAGES.profileError,
      variant: 'destructive',
    });
  });

  it('can be skipped', async () => {
    const system = start();
    await toConfirm(system);
    system.send({ type: 'profile.skip' });
    expect(system.value()).toBe('thankYou');
    expect(system.toasts.at(-1)).toEqual({
      title: 'Profile Skipped',
      description: MESSAGES.profileSkipped,
    });
  });
});

describe('maybe step', () => {
  async function toMaybe() {
    const system = start();
    await toTeam(system);
    system.send({ type: 'team.choose', choice: 'maybe' });
    return system;
  }

  it('shows the next available date, or today + 2 days when that call fails', async () => {
    const ok = await toMaybe();
    await ok.resolve('fetchNextBookingDate', '2026-11-26T20:00:00.000Z');
    expect(ok.context()).toMatchObject({
      bookingDate: '2026-11-26T20:00:00.000Z',
      bookingDateIsFallback: false,
    });
    const failed = await toMaybe();
    await failed.reject('fetchNextBookingDate', { status: 500 });
    expect(failed.context()).toMatchObject({
      bookingDate: '2026-11-24T20:00:00.000Z',
      bookingDateIsFallback: true,
    });
  });

  it('validates the booking form with the spec messages', async () => {
    const system = await toMaybe();
    await system.resolve('fetchNextBookingDate', '2026-11-26T20:00:00.000Z');
    system.send({ type: 'booking.submit', name: ' ', email: 'nope', phone: '123' });
    expect(system.context().errors).toEqual({
      name: MESSAGES.enterName,
      email: MESSAGES.validEmail,
      phone: MESSAGES.validPhone,
    });
  });

  it('shows the server message, the generic text or the network text on failure', async () => {
    const system = await toMaybe();
    await system.resolve('fetchNextBookingDate', '2026-11-26T20:00:00.000Z');
    const booking = {
      type: 'booking.submit',
      name: 'Ada',
      email: 'ada@example.com',
      phone: '5550100',
    } as const;
    for (const [error, text] of [
      [new CallError('That time is taken'), 'That time is taken'],
      [{ status: 500 }, MESSAGES.bookingDefaultError],
      [new CallError(MESSAGES.bookingNetworkError), MESSAGES.bookingNetworkError],
    ] as const) {
      system.send(booking);
      await system.reject('submitBooking', error);
      expect(system.context().errors.form).toBe(text);
    }
  });

  it('confirms the booking', async () => {
    const system = await toMaybe();
    await system.resolve('fetchNextBookingDate', '2026-11-26T20:00:00.000Z');
    system.send({
      type: 'booking.submit',
      name: 'Ada',
      email: 'ada@example.com',
      phone: '555 0100',
    });
    expect(system.calls.get('submitBooking')?.input).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: '555 0100',
      category: 'work',
    });
    await system.resolve('submitBooking', { message: 'Booked' });
    expect(system.value()).toBe('maybeSubmitted');
    expect(system.toasts.at(-1)).toEqual({
      title: 'Booking Confirmed!',
      description: MESSAGES.bookingConfirmed,
    });
  });
});

describe('no step', () => {
  it("keeps the form with the spec's toast when sending fails, then thanks the user", async () => {
    const system = start();
    await toTeam(system);
    system.send({ type: 'team.choose', choice: 'no' });
    const feedback = {
      type: 'feedback.submit',
      name: 'Ada',
      email: 'ada@example.com',
      feedback: 'Too busy',
    } as const;
    system.send(feedback);
    await system.reject('submitFeedback', { status: 500 });
    expect(system.value()).toEqual({ matched: { step: { no: 'editing' }, hold: 'none' } });
    expect(system.toasts.at(-1)).toEqual({
      title: 'Error',
      description: MESSAGES.feedbackError,
      variant: 'destructive',
    });
    system.send(feedback);
    expect(system.calls.get('submitFeedback')?.input).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      feedback: 'Too busy',
      category: 'work',
    });
    await system.resolve('submitFeedback', { message: 'Thanks' });
    expect(system.value()).toBe('noThankYou');
  });
});

describe('steps asked for by URL', () => {
  it('accepts a step already reached and refuses one not reached yet', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'nav.request', step: 'intro', category: 'work' });
    expect(system.value()).toEqual(step('intro'));
    system.send({ type: 'nav.request', step: 'account', category: 'work' });
    expect(system.value()).toEqual({ matched: { step: { account: 'editing' }, hold: COUNTING } });
    system.send({ type: 'nav.request', step: 'confirm', category: 'work' });
    system.send({ type: 'nav.request', step: 'intro', category: 'school' });
    expect(system.value()).toEqual({ matched: { step: { account: 'editing' }, hold: COUNTING } });
  });

  it('refuses a step beyond the one reached', async () => {
    const system = start();
    await toTeam(system);
    system.send({ type: 'nav.request', step: 'goal', category: 'work' });
    expect(system.value()).toEqual(step('team'));
  });

  it('refuses every request while a call is in flight, and after the end', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    system.send({ type: 'nav.request', step: 'intro', category: 'work' });
    expect(system.value()).toEqual({
      matched: { step: { account: 'submitting' }, hold: COUNTING },
    });
    await system.resolve('createUser', { user: { id: 41 } });
    system.send({ type: 'nav.request', step: 'account', category: 'work' });
    expect(system.value()).toEqual({ confirm: 'editing' });
  });
});

describe('persistence', () => {
  it("restores the user's place with the hold counted from its absolute expiry", async () => {
    const first = start();
    await toTeam(first);
    first.send({ type: 'team.choose', choice: 'yes' });
    first.send({ type: 'intro.submit', name: 'Ada' });
    await vi.advanceTimersByTimeAsync(100_000);
    const saved = serialiseSnapshot(first.actor.getSnapshot(), first.actor.getPersistedSnapshot());
    first.actor.stop();
    expect(saved).not.toBeNull();

    // The page is reloaded 200 s later.
    await vi.advanceTimersByTimeAsync(200_000);
    const second = start(parseStoredSnapshot(saved));
    expect(second.value()).toEqual(step('goal'));
    expect(second.context().name).toBe('Ada');
    expect(selectHold(second.actor.getSnapshot())).toMatchObject({
      secondsLeft: 300,
      countdown: '5:00',
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectHold(second.actor.getSnapshot()).countdown).toBe('4:59');
  });

  it('restores an expired hold as expired, on the step it was left on', async () => {
    const first = start();
    await toTeam(first);
    first.send({ type: 'team.choose', choice: 'yes' });
    const saved = serialiseSnapshot(first.actor.getSnapshot(), first.actor.getPersistedSnapshot());
    first.actor.stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    const second = start(parseStoredSnapshot(saved));
    expect(second.value()).toEqual({ matched: { step: 'intro', hold: 'expired' } });
  });

  it('does not store a snapshot while a call is in flight, so no password is ever stored', async () => {
    const system = start();
    await toAccount(system);
    system.send({ type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' });
    expect(
      serialiseSnapshot(system.actor.getSnapshot(), system.actor.getPersistedSnapshot()),
    ).toBeNull();
  });

  it('ignores unreadable stored snapshots', () => {
    expect(parseStoredSnapshot('{not json')).toBeUndefined();
    expect(
      parseStoredSnapshot('{"status":"done","value":"thankYou","context":{}}'),
    ).toBeUndefined();
    expect(parseStoredSnapshot(null)).toBeUndefined();
  });
});
