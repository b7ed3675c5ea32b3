import { CHECK_IN_API, MAIL_API, MEMBER_API, PUSH_API, TEAM_LIFE_API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { browser, useTestFrontDoor } from './door.ts';
import { signUp } from './helpers.ts';

const front = useTestFrontDoor();

// Taken from the contract tables, not listed here: a member route added there is covered
// without anyone naming it. The console's routes have their own sweep (console.test.ts).
const TABLES = { MEMBER_API, CHECK_IN_API, TEAM_LIFE_API, PUSH_API, MAIL_API };
// Named by table and entry: two tables may name an entry alike (MAIL_API.unsubscribe, a mail's
// link, and PUSH_API.unsubscribe, a device's).
const memberRoutes = Object.entries(TABLES).flatMap(([table, entries]) =>
  Object.entries(entries)
    .filter(([, endpoint]) => !endpoint.url.startsWith('/api/console'))
    .map(([name, endpoint]) => ({
      name: `${table}.${name}`,
      method: endpoint.method,
      path: endpoint.url,
      url: endpoint.url.replace(/:[A-Za-z]+/g, '1'),
    })),
);

/**
 * The routes that work signed out, each with `config: { signedOut: true }`: signing in and out,
 * a password reset, and the mailed links, whose token is the credential.
 */
const SIGNED_OUT = new Set([
  'MEMBER_API.signIn',
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

describe('every member route of the contract tables', () => {
  it('is registered on the front door', () => {
    expect(memberRoutes.length).toBeGreaterThan(40);
    for (const route of memberRoutes) {
      expect([route.name, front.door.hasRoute({ method: route.method, url: route.path })]).toEqual([
        route.name,
        true,
      ]);
    }
  });

  it('answers a signed-out request 401 before reading it, except the routes that work signed out', async () => {
    for (const route of memberRoutes) {
      const out = await browser(front.door).send({ method: route.method, url: route.url });
      const answer = [route.name, out.statusCode, out.body ? out.json().code : null];
      if (SIGNED_OUT.has(route.name)) {
        expect(answer).not.toEqual([route.name, 401, 'SIGN_IN_REQUIRED']);
      } else {
        expect(answer).toEqual([route.name, 401, 'SIGN_IN_REQUIRED']);
      }
    }
  });

  it('lets a signed-in member past the guard to the route (a request without its body is 400)', async () => {
    const member = await signUp(front.tracker);
    const b = browser(front.door);
    expect((await b.signIn(member.email, member.password)).statusCode).toBe(200);
    const out = await b.send({ method: 'PUT', url: '/api/me/profile' });
    expect([out.statusCode, out.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await b.home()).statusCode).toBe(200);
  });
});
