import { type ApiClient, toTeamView } from '@app/api-client';
import { MESSAGES, type TeamView } from '@app/contracts';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { OnboardingPage } from '../OnboardingPage.tsx';
import { OnboardingSessionProvider } from '../SessionProvider.tsx';
import { createOnboardingSession, type OnboardingSession } from '../session.ts';

const ADA = {
  id: 3,
  name: 'Ada Lovelace',
  image: 'seed/ada.webp',
  about: 'Writes programs',
  goalSummary: 'Finish the engine notes',
  status: 'Active' as const,
};

export const TEAM = {
  id: 7,
  name: 'Morning Movers',
  focusAreaId: 1,
  focusRoleId: 7,
  members: [
    {
      id: 1,
      status: 'Active' as const,
      user: ADA,
    },
    {
      id: 2,
      status: 'Pending' as const,
      user: {
        id: 4,
        name: 'Pending Pat',
        image: null,
        about: null,
        goalSummary: null,
        status: 'Active' as const,
      },
    },
  ],
};

/** The team as the api-client answers it: normalised, with one open seat. */
export const TEAM_VIEW: TeamView = { ...(toTeamView(TEAM) ?? fail('team')), openSeats: 1 };

function fail(what: string): never {
  throw new Error(`the ${what} fixture is unreadable`);
}

/** A fake of every site API call; each resolves at once unless a test replaces it. */
export function fakeApi(overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    getTeams: vi.fn(async () => [TEAM_VIEW]),
    getTeam: vi.fn(async () => TEAM_VIEW),
    getUser: vi.fn(async () => ADA),
    getFocusAreas: vi.fn(async () => []),
    getRoleAreas: vi.fn(async () => []),
    submitOnboarding: vi.fn(async () => undefined),
    createUser: vi.fn(async () => ({ user: { id: 42 }, joinRequestSuccess: true })),
    updateProfile: vi.fn(async () => ({ photo: 'u/me.webp', message: 'Saved' })),
    getNextAvailableDate: vi.fn(async () => '2031-01-02T20:00:00.000Z'),
    submitBooking: vi.fn(async () => ({ message: 'Booked', id: 1 })),
    submitFeedback: vi.fn(async () => ({ message: 'Thanks', id: 1 })),
    getStatus: vi.fn(async () => {
      throw new Error('not used');
    }),
    confirmEmail: vi.fn(async () => ({ outcome: 'confirmed' as const, message: 'ok' })),
    resendConfirmation: vi.fn(async () => MESSAGES.confirmationResent),
    createHold: vi.fn(async (teamId) => ({
      id: '0b0f5f1e-8f43-4c55-9a5a-6f1d2c3b4a59',
      teamId: Number(teamId),
      expiresAt: '2031-01-02T20:10:00.000Z',
      secondsLeft: 600,
    })),
    extendHold: vi.fn(async (holdId) => ({
      id: holdId,
      teamId: TEAM.id,
      expiresAt: '2031-01-02T20:10:00.000Z',
      secondsLeft: 600,
    })),
    releaseHold: vi.fn(async () => undefined),
    releaseHoldOnUnload: vi.fn(() => undefined),
    handOverHold: vi.fn(async () => ({ token: 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa' })),
    ...overrides,
  };
}

export function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}

export interface Harness {
  api: ApiClient;
  toast: ReturnType<typeof vi.fn>;
  track: ReturnType<typeof vi.fn>;
  storage: ReturnType<typeof memoryStorage>;
  session: OnboardingSession;
  history: ReturnType<typeof createMemoryHistory>;
  clock: { now: number };
  /** The addresses the page left the site for (the account step's Sign in). */
  left: string[];
  unmount: () => void;
}

interface Options {
  path?: string;
  api?: ApiClient;
  storage?: ReturnType<typeof memoryStorage>;
  now?: number;
  /** Reads the time from elsewhere (e.g. faked Date) instead of the harness's own clock. */
  readTime?: () => number;
}

/** Renders the onboarding page under a router at `path`, with a fake API, storage and clock. */
export function renderOnboarding(options: Options = {}): Harness {
  const api = options.api ?? fakeApi();
  const toast = vi.fn();
  const track = vi.fn();
  const storage = options.storage ?? memoryStorage();
  const clock = { now: options.now ?? Date.UTC(2031, 0, 1, 12) };
  const left: string[] = [];
  const session = createOnboardingSession({
    leave: (address) => {
      left.push(address);
    },
    api,
    toast,
    analytics: { track },
    storage,
    now: options.readTime ?? (() => clock.now),
  });
  const rootRoute = createRootRoute({ component: Outlet });
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <h1>Home page</h1>,
  });
  const onboarding = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: OnboardingPage,
  });
  const history = createMemoryHistory({ initialEntries: [options.path ?? '/onboarding'] });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, onboarding]), history });
  const view = render(
    <OnboardingSessionProvider session={session}>
      <RouterProvider router={router} />
    </OnboardingSessionProvider>,
  );
  return {
    api,
    toast,
    track,
    storage,
    session,
    history,
    clock,
    left,
    unmount: () => {
      view.unmount();
      session.get().stop();
    },
  };
}

/** The first bytes of an image of this type, so the content check recognises the file. */
export function imageHead(type: string): Uint8Array<ArrayBuffer> {
  if (type === 'image/jpeg') return new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
  if (type === 'image/png') return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (type === 'image/gif') return new TextEncoder().encode('GIF89a');
  return new TextEncoder().encode('not an image');
}
