import {
  CHECK_IN_API,
  CONSOLE_API,
  MAIL_API,
  MEMBER_API,
  MEMBER_EXPORT_API,
  PASSKEY_API,
  PUSH_API,
  TEAM_LIFE_API,
} from '@app/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TrackerOptions } from '../src/config.ts';
import { buildFrontDoor, sessionCookieName } from '../src/front-door/app.ts';
import { hashPassword } from '../src/password.ts';
import { addOperator } from '../src/services/operators.ts';
import { newUser, type TestTracker, testTracker } from './helpers.ts';

export const ORIGIN = 'http://localhost:3001';
const COOKIE = sessionCookieName(false);

// Taken from the contract tables, not listed here: a route added there is swept without anyone
// naming it. Named by table and entry: two tables may name an entry alike (MAIL_API.unsubscribe,
// a mail's link, and PUSH_API.unsubscribe, a device's).
const TABLES = {
  MEMBER_API,
  MEMBER_EXPORT_API,
  PASSKEY_API,
  CHECK_IN_API,
  TEAM_LIFE_API,
  PUSH_API,
  MAIL_API,
  CONSOLE_API,
};

/** Every route of the front door's contract tables, the console's included; `url` has 1 for ids. */
export const frontDoorRoutes = Object.entries(TABLES).flatMap(([table, entries]) =>
  Object.entries(entries).map(([name, endpoint]) => ({
    name: `${table}.${name}`,
    method: endpoint.method,
    path: endpoint.url,
    url: endpoint.url.replace(/:[A-Za-z]+/g, '1'),
  })),
);

/**
 * The routes that work signed out, each with `config: { signedOut: true }`: signing in (with a
 * password or a passkey) and out, a password reset, and the mailed links, whose token is the credential.
 */
export const SIGNED_OUT = new Set([
  'MEMBER_API.signIn',
  'PASSKEY_API.passkeySignInOptions',
  'PASSKEY_API.passkeySignIn',
  'MEMBER_API.signOut',
  'MEMBER_API.requestPasswordReset',
  'MEMBER_API.checkPasswordReset',
  'MEMBER_API.completePasswordReset',
  'MEMBER_API.readCheckInLink',
  'MEMBER_API.useCheckInLink',
  'TEAM_LIFE_API.readQuietLink',
  'TEAM_LIFE_API.useQuietLink',
  'TEAM_LIFE_API.recapUnsubscribe',
  'MAIL_API.readUnsubscribe',
  'MAIL_API.unsubscribe',
]);

/**
 * The tracker's clock for one file's tests: it stands still until a test moves it with `at`, so
 * nothing waits on the real time. Pass `now` to the tracker; `ms` is where it stands.
 */
export function testClock(start: string) {
  let ms = Date.parse(start);
  return {
    now: () => new Date(ms),
    at(when: string | number) {
      ms = typeof when === 'number' ? when : Date.parse(when);
    },
    get ms() {
      return ms;
    },
  };
}

export interface TestFrontDoorOptions extends TrackerOptions {
  /** Room made on seeded teams before the tests: team id -> capacity. */
  capacities?: Record<number, number>;
}

/**
 * A tracker on a fresh database and its front door, for the tests of one file: built before them
 * (call it at the top level of the file) and closed after them. `tracker` and `door` are there
 * once the file's tests run.
 */
export function useTestFrontDoor({ capacities = {}, ...options }: TestFrontDoorOptions = {}) {
  let tracker: TestTracker | undefined;
  let door: FastifyInstance | undefined;
  beforeAll(async () => {
    tracker = await testTracker(options);
    door = await buildFrontDoor(tracker.app, tracker.app.log);
    for (const [teamId, capacity] of Object.entries(capacities)) {
      await tracker.app.repos.teams.setCapacity(Number(teamId), capacity);
    }
  });
  afterAll(async () => {
    await door?.close();
    await tracker?.close();
  });
  const built = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The front door is built before the tests run.');
    return value;
  };
  return {
    get tracker(): TestTracker {
      return built(tracker);
    },
    get door(): FastifyInstance {
      return built(door);
    },
  };
}

/**
 * A browser of the front door: keeps its session cookie, sends the front door's Origin; from
 * `address` when given (the limits count per address).
 */
export function browser(door: FastifyInstance, { address }: { address?: string } = {}) {
  let cookie: string | null = null;
  /** The front door's other cookies (a passkey challenge's), kept as a browser keeps them. */
  const others = new Map<string, string>();
  async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const jar = [
      ...(cookie ? [`${COOKIE}=${cookie}`] : []),
      ...[...others].map(([name, value]) => `${name}=${value}`),
    ];
    const response = await door.inject({
      ...(address ? { remoteAddress: address } : {}),
      ...opts,
      headers: {
        origin: ORIGIN,
        ...(jar.length > 0 ? { cookie: jar.join('; ') } : {}),
        ...(opts.headers ?? {}),
      },
    });
    for (const set of response.cookies) {
      const gone = set.value === '' || set.maxAge === 0;
      if (set.name === COOKIE) cookie = gone ? null : set.value;
      else if (gone) others.delete(set.name);
      else others.set(set.name, set.value);
    }
    return response;
  }
  return {
    send,
    /** The session cookie's value (settable, to replay an old one). */
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
    signIn: (email: string, password: string) =>
      send({ method: 'POST', url: '/api/session', payload: { email, password } }),
    code: (code: string) =>
      send({ method: 'POST', url: '/api/session/second-factor', payload: { code } }),
    home: () => send({ method: 'GET', url: '/api/me' }),
  };
}
export type Browser = ReturnType<typeof browser>;

/** The authenticator app: the code for `secret` at the time given (ms). */
export function codeAt(secret: string, at: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });
}

/**
 * An operator as the CLI makes one, with a password set (as the mailed link would) and, unless
 * `enrol` is false, an authenticator set up in the returned browser's session.
 */
export async function operator(
  t: TestTracker,
  door: FastifyInstance,
  now: () => number,
  { enrol = true } = {},
) {
  const email = `operator-${Math.random().toString(36).slice(2)}@example.org`;
  const password = 'operators own password';
  const { id } = await addOperator(t.app, email, 'Olive Operator');
  await t.app.repos.users.setPasswordHash(id, await hashPassword(password));
  const b = browser(door);
  const signedIn = await b.signIn(email, password);
  expect(signedIn.statusCode).toBe(200);
  let secret = '';
  let recoveryCodes: string[] = [];
  if (enrol) {
    secret = (await b.send({ method: 'GET', url: '/api/console/second-factor' })).json().secret;
    const confirmed = await b.send({
      method: 'POST',
      url: '/api/console/second-factor',
      payload: { code: codeAt(secret, now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json().recoveryCodes;
  }
  return { id, email, password, browser: b, secret, recoveryCodes };
}

/**
 * Each of `routes` answers a signed-out browser 401 SIGN_IN_REQUIRED, a signed-in member 403
 * OPERATOR_REQUIRED and an operator who has not set up the second factor 403
 * SECOND_FACTOR_REQUIRED.
 */
export async function expectOperatorsOnly(
  t: TestTracker,
  door: FastifyInstance,
  now: () => number,
  routes: readonly (InjectOptions & { url: string })[],
) {
  const user = newUser({ teamId: 1 });
  expect((await t.call({ method: 'POST', url: '/users', payload: user })).statusCode).toBe(201);
  const member = browser(door);
  expect((await member.signIn(user.email, user.password)).statusCode).toBe(200);
  const unenrolled = await operator(t, door, now, { enrol: false });
  for (const route of routes) {
    const out = await browser(door).send(route);
    expect(out.statusCode, route.url).toBe(401);
    expect(out.json().code).toBe('SIGN_IN_REQUIRED');
    const mine = await member.send(route);
    expect(mine.statusCode, route.url).toBe(403);
    expect(mine.json().code).toBe('OPERATOR_REQUIRED');
    const half = await unenrolled.browser.send(route);
    expect(half.statusCode, route.url).toBe(403);
    expect(half.json().code).toBe('SECOND_FACTOR_REQUIRED');
  }
}
