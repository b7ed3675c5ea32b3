import { ERROR_CODES } from '@app/contracts';
import { MODEL_DATA, type ModelActor } from '@app/onboarding/testing';
import type { Page, Request, Route } from '@playwright/test';

/**
 * The network under a model path in Chromium: every call of the model's actors is held at the
 * browser's network layer (Playwright request routing) until the path settles it. A success the
 * real server gives goes on to the real server; an answer it never gives is the real answer
 * rewritten (a team without members, a sign-up with a join-request warning, an unreadable body);
 * a failure is an HTTP 500, 502 or 504 or a dropped connection. Nothing in the app is swapped.
 */

const ACTOR_REQUESTS: { actor: ModelActor; method: string; path: RegExp }[] = [
  { actor: 'submitOnboarding', method: 'POST', path: /^\/api\/onboarding$/ },
  { actor: 'fetchTeams', method: 'GET', path: /^\/api\/proxy\/teams$/ },
  { actor: 'fetchFocusAreas', method: 'GET', path: /^\/api\/proxy\/focus-areas$/ },
  { actor: 'fetchRoleAreas', method: 'GET', path: /^\/api\/proxy\/role-areas$/ },
  { actor: 'fetchTeam', method: 'GET', path: /^\/api\/proxy\/teams\/[^/]+$/ },
  { actor: 'createHold', method: 'POST', path: /^\/api\/holds$/ },
  { actor: 'extendHold', method: 'POST', path: /^\/api\/holds\/[^/]+\/extend$/ },
  { actor: 'createUser', method: 'POST', path: /^\/api\/users$/ },
  { actor: 'handOverHold', method: 'POST', path: /^\/api\/holds\/[^/]+\/hand-over$/ },
  { actor: 'updateProfile', method: 'POST', path: /^\/api\/users\/[^/]+\/profile$/ },
  { actor: 'fetchNextBookingDate', method: 'GET', path: /^\/api\/booking\/next-available-date$/ },
  { actor: 'submitBooking', method: 'POST', path: /^\/api\/booking$/ },
  { actor: 'submitFeedback', method: 'POST', path: /^\/api\/feedback$/ },
];

/** Actors whose call is another's request: taking a released seat again is a new hold. */
const SAME_REQUEST: Partial<Record<ModelActor, ModelActor>> = { retakeHold: 'createHold' };

/**
 * How each call fails when the model says it does: the failures of spec 8 as the browser meets
 * them, spread over the status codes a proxy or server gives and a dropped connection.
 */
const FAILURE: Record<ModelActor, { status: number } | 'abort'> = {
  submitOnboarding: { status: 500 },
  fetchTeams: 'abort',
  fetchFocusAreas: { status: 502 },
  fetchRoleAreas: { status: 504 },
  fetchTeam: { status: 500 },
  // The hold calls: a server that cannot answer (a refused seat is TEAM_FULL, the server's own).
  createHold: { status: 503 },
  extendHold: { status: 503 },
  retakeHold: { status: 503 },
  // The refused sign-up is the real server's own answer (an address already in use).
  createUser: { status: 409 },
  // A refused hand-over (the seat ran out) is the server's own code; anything else cannot answer.
  handOverHold: { status: 503 },
  updateProfile: { status: 502 },
  fetchNextBookingDate: 'abort',
  submitBooking: 'abort',
  submitFeedback: { status: 504 },
};

export function actorOfRequest(request: Request): ModelActor | null {
  const url = new URL(request.url());
  const match = ACTOR_REQUESTS.find(
    (candidate) => candidate.method === request.method() && candidate.path.test(url.pathname),
  );
  return match?.actor ?? null;
}

export interface HeldNetwork {
  /** Settles the newest held call of `actor` as the model's success with `output`. */
  succeed(actor: ModelActor, output: unknown): Promise<string>;
  /** Fails the newest held call of `actor`. */
  fail(actor: ModelActor, error: unknown): Promise<string>;
  /** Calls the browser made that are still held, by actor. */
  held(): ModelActor[];
  /** Lets every held call go on to the real server (at the end of a path). */
  release(): Promise<void>;
}

const WAIT_MS = 15_000;

export async function holdCalls(page: Page): Promise<HeldNetwork> {
  const queues = new Map<ModelActor, Route[]>();
  await page.route('**/api/**', async (route) => {
    const actor = actorOfRequest(route.request());
    if (actor === null) {
      await route.continue();
      return;
    }
    const queue = queues.get(actor) ?? [];
    queue.push(route);
    queues.set(actor, queue);
  });

  /** The newest call of `actor`, once the browser has made it; older ones were abandoned. */
  const take = async (actor: ModelActor): Promise<Route> => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const queue = queues.get(SAME_REQUEST[actor] ?? actor) ?? [];
      const route = queue.pop();
      if (route !== undefined) {
        for (const stale of queue.splice(0)) await stale.abort().catch(() => undefined);
        return route;
      }
      if (Date.now() > deadline) throw new Error(`the page made no ${actor} call`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  const json = (value: unknown) => JSON.stringify(value);

  return {
    async succeed(actor, output) {
      const route = await take(actor);
      const rewrite = rewriteOf(actor, output);
      if (rewrite === null) {
        const response = await route.fetch();
        await route.fulfill({ response });
        if (response.status() >= 300) {
          throw new Error(
            `the real server refused ${actor}: ${response.status()} ${await response.text()}`,
          );
        }
        return `real answer ${response.status()}`;
      }
      const response = await route.fetch();
      if (response.status() >= 300) {
        await route.fulfill({ response });
        throw new Error(
          `the real server refused ${actor}: ${response.status()} ${await response.text()}`,
        );
      }
      const body = rewrite(await response.text());
      await route.fulfill({
        response,
        body,
        headers: { ...response.headers(), 'content-length': String(Buffer.byteLength(body)) },
      });
      return `real answer rewritten: ${body.slice(0, 80)}`;
    },
    async fail(actor, error) {
      const route = await take(actor);
      const failure = FAILURE[actor];
      if (actor === 'createUser') {
        // The page typed an address in use: the real server refuses it.
        const response = await route.fetch();
        await route.fulfill({ response });
        return `real refusal ${response.status()}`;
      }
      const refusal = serverRefusal(error);
      if (refusal !== null) {
        // A refusal with the server's own code (a seat taken meanwhile: 409 TEAM_FULL), in the
        // server's error shape.
        await route.fulfill({
          status: refusal.status,
          contentType: 'application/json',
          body: json({ message: refusal.message, code: refusal.code }),
        });
        return `HTTP ${refusal.status} ${refusal.code}`;
      }
      if (failure === 'abort') {
        await route.abort('connectionreset');
        return 'connection dropped';
      }
      const message =
        typeof error === 'object' && error !== null && 'message' in error
          ? String(error.message)
          : 'Failed';
      await route.fulfill({
        status: failure.status,
        contentType: 'application/json',
        body: json({ code: 'UPSTREAM_FAILED', message }),
      });
      return `HTTP ${failure.status}`;
    },
    held() {
      return [...queues].filter(([, queue]) => queue.length > 0).map(([actor]) => actor);
    },
    async release() {
      for (const queue of queues.values()) {
        for (const route of queue.splice(0)) await route.continue().catch(() => undefined);
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    },
  };
}

/**
 * The model's failure when it is a refusal the server gives with a code the app acts on (a seat
 * taken meanwhile, a held seat run out; the model's other failures carry no code the app reads,
 * so any 5xx or dropped connection is one).
 */
function serverRefusal(error: unknown): { status: number; code: string; message: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, code, message } = error as Record<string, unknown>;
  const known: readonly string[] = [ERROR_CODES.TEAM_FULL, ERROR_CODES.HOLD_EXPIRED];
  if (typeof status !== 'number' || typeof code !== 'string' || !known.includes(code)) return null;
  return { status, code, message: typeof message === 'string' ? message : code };
}

/** How the real answer becomes the model's, or null when the real one is the model's. */
function rewriteOf(actor: ModelActor, output: unknown): ((body: string) => string) | null {
  const edit = (change: (value: Record<string, unknown>) => unknown) => (body: string) => {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null)
      throw new Error(`${actor}: not JSON: ${body}`);
    return JSON.stringify(change({ ...parsed }));
  };
  switch (actor) {
    case 'fetchTeam':
      return output === MODEL_DATA.teamWithoutMembers
        ? edit((team) => ({ ...team, members: [] }))
        : null;
    case 'createUser':
      if (output === MODEL_DATA.userWithWarning) {
        return edit(({ joinRequestSuccess: _sent, ...user }) => ({
          ...user,
          joinRequestWarning: MODEL_DATA.userWithWarning.joinRequestWarning,
        }));
      }
      if (output === MODEL_DATA.userOnly) {
        return edit(({ joinRequestSuccess: _sent, joinRequestWarning: _warned, ...user }) => user);
      }
      return edit(({ joinRequestWarning: _warned, ...user }) => ({
        ...user,
        joinRequestSuccess: true,
      }));
    default:
      return null;
  }
}
