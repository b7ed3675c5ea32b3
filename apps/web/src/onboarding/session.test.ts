import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOnboardingSession, heldSeatId } from './session.ts';
import { fakeApi, memoryStorage } from './test/harness.tsx';

const HOLD_ID = '0b0f5f1e-8f43-4c55-9a5a-6f1d2c3b4a59';

/** A page whose `pagehide` and `pageshow` the test fires. */
function fakePage() {
  const listeners = new Map<string, (event: { persisted: boolean }) => void>();
  return {
    addEventListener: (type: string, listener: (event: { persisted: boolean }) => void) => {
      listeners.set(type, listener);
    },
    fire: (type: 'pagehide' | 'pageshow', persisted = false) =>
      listeners.get(type)?.({ persisted }),
  };
}

function open(storage = memoryStorage(), newKey: () => string = () => 'key') {
  const api = fakeApi();
  const page = fakePage();
  const session = createOnboardingSession({
    api,
    toast: vi.fn(),
    analytics: { track: vi.fn() },
    storage,
    now: () => Date.now(),
    newKey,
    page,
  });
  return { api, page, session, storage };
}

async function toTeam(session: ReturnType<typeof open>['session']) {
  session.send({ type: 'category.choose', category: 'work' });
  session.send({ type: 'role.submit', value: 'Employee' });
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2031, 0, 1, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the held seat and the page', () => {
  it('gives the seat back with a keepalive request when the page goes away', async () => {
    const { api, page, session } = open();
    await toTeam(session);
    expect(heldSeatId(session.get().getSnapshot())).toBe(HOLD_ID);
    page.fire('pagehide');
    expect(api.releaseHoldOnUnload).toHaveBeenCalledWith(HOLD_ID);
  });

  it('gives nothing back when nothing is held', () => {
    const { api, page, session } = open();
    session.get();
    page.fire('pagehide');
    expect(api.releaseHoldOnUnload).not.toHaveBeenCalled();
  });

  it('takes the seat again when the page is reloaded or comes back from the cache', async () => {
    const first = open();
    await toTeam(first.session);
    first.page.fire('pagehide');

    const second = open(first.storage);
    second.session.get();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.api.createHold).toHaveBeenCalledWith('7', expect.anything());
    expect(heldSeatId(second.session.get().getSnapshot())).toBe(HOLD_ID);

    second.page.fire('pageshow', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.api.createHold).toHaveBeenCalledTimes(2);
  });
});

describe('a sign-up with no answer', () => {
  async function toAccount(session: ReturnType<typeof open>['session']) {
    await toTeam(session);
    session.send({ type: 'team.choose', choice: 'yes' });
    session.send({ type: 'intro.submit', name: 'Ada' });
    session.send({ type: 'goal.submit', goal: 'Write daily' });
    session.send({ type: 'commit.accept' });
    session.send({ type: 'sync.accept' });
  }

  it('is sent once, and Submit pressed again sends the same idempotency key', async () => {
    let keys = 0;
    const { api, session } = open(memoryStorage(), () => `key-${++keys}`);
    vi.mocked(api.createUser).mockRejectedValue({
      kind: 'network',
      message: 'Network error. Please try again later.',
    });
    await toAccount(session);
    session.send({ type: 'account.submit', email: 'ada@example.com', password: 'x' });
    // Long past the 1, 3 and 7 s at which sign-ups used to be sent again.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.createUser).toHaveBeenCalledTimes(1);

    session.send({ type: 'account.submit', email: 'ada@example.com', password: 'x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.createUser).toHaveBeenCalledTimes(2);
    const sentKeys = vi.mocked(api.createUser).mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(sentKeys).toEqual(['key-1', 'key-1']);
  });
});
