import { TRACKER_PASSWORD_MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { browser, frontDoorRoutes, SIGNED_OUT, useTestFrontDoor } from './door.ts';
import { signUp } from './helpers.ts';

const front = useTestFrontDoor();

// Every guarded route of the contract tables, the console's included.
const routes = frontDoorRoutes;

/** What a session that must set a new password first may still use. */
const BEFORE_PASSWORD_CHANGE = new Set([
  'MEMBER_API.getSession',
  'MEMBER_API.changePassword',
  'MEMBER_API.signOutEverywhere',
]);
/** Not sent by the sweep: they would end the session it sweeps with, or change the password. */
const NOT_SENT = new Set([
  'MEMBER_API.signIn',
  'MEMBER_API.signOut',
  'MEMBER_API.signOutEverywhere',
  'MEMBER_API.changePassword',
]);

const STRONG = 'a slow boat to the far north sea';

const session = (b: ReturnType<typeof browser>) => b.send({ method: 'GET', url: '/api/session' });
const changePassword = (
  b: ReturnType<typeof browser>,
  currentPassword: string,
  newPassword: string,
) => b.send({ method: 'POST', url: '/api/me/password', payload: { currentPassword, newPassword } });

describe('a password the tracker refuses, given at sign-in (an account made on the site)', () => {
  it('is asked to be replaced before anything else: every other route is 403 PASSWORD_CHANGE_REQUIRED', async () => {
    // The site's account step takes any password (its hint is not enforced).
    const user = await signUp(front.tracker, { password: 'password' });
    const b = browser(front.door);
    const signedIn = await b.signIn(user.email, user.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().passwordChange).toBe('required');
    const asked = await session(b);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ member: { id: user.id }, passwordChange: 'required' });

    expect(routes.length).toBeGreaterThan(70);
    for (const route of routes) {
      if (NOT_SENT.has(route.name)) continue;
      const out = await b.send({ method: route.method, url: route.url });
      const answer = [route.name, out.statusCode, out.body ? out.json().code : null];
      if (SIGNED_OUT.has(route.name) || BEFORE_PASSWORD_CHANGE.has(route.name)) {
        expect(answer).not.toEqual([route.name, 403, 'PASSWORD_CHANGE_REQUIRED']);
      } else {
        expect(answer).toEqual([route.name, 403, 'PASSWORD_CHANGE_REQUIRED']);
      }
    }
    // The sweep ended nothing: the session is still there and still limited.
    expect((await session(b)).json().passwordChange).toBe('required');
  });

  it('takes only a new password that passes the same rule, ends the other sessions, and then everything works', async () => {
    const user = await signUp(front.tracker, { password: 'a' });
    const phone = browser(front.door);
    const laptop = browser(front.door);
    expect((await phone.signIn(user.email, user.password)).json().passwordChange).toBe('required');
    expect((await laptop.signIn(user.email, user.password)).json().passwordChange).toBe('required');
    for (const [weak, message] of [
      ['short', TRACKER_PASSWORD_MESSAGES.tooShort],
      ['password1', TRACKER_PASSWORD_MESSAGES.common],
      [user.email, TRACKER_PASSWORD_MESSAGES.personal],
    ] as const) {
      const refused = await changePassword(laptop, user.password, weak);
      expect([weak, refused.statusCode]).toEqual([weak, 400]);
      expect(refused.json().details).toEqual([{ path: 'newPassword', message }]);
    }
    const wrong = await changePassword(laptop, 'not it', STRONG);
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    // Nothing was changed by the refusals: still limited, the old password still the one.
    expect((await laptop.home()).statusCode).toBe(403);
    expect((await phone.home()).statusCode).toBe(403);

    expect((await changePassword(laptop, user.password, STRONG)).statusCode).toBe(204);
    const after = await session(laptop);
    expect(after.statusCode).toBe(200);
    expect(after.json().passwordChange).toBeUndefined();
    expect((await laptop.home()).statusCode).toBe(200);
    expect((await laptop.send({ method: 'GET', url: '/api/me/reminders' })).statusCode).toBe(200);
    // As after any password change, every other session has ended.
    expect((await phone.home()).statusCode).toBe(401);
    expect((await browser(front.door).signIn(user.email, user.password)).statusCode).toBe(401);
    const again = await browser(front.door).signIn(user.email, STRONG);
    expect(again.statusCode).toBe(200);
    expect(again.json().passwordChange).toBeUndefined();
  });
});

describe('a password the tracker accepts, given at sign-in', () => {
  it('is not asked to be replaced', async () => {
    const user = await signUp(front.tracker, { password: STRONG });
    const b = browser(front.door);
    const signedIn = await b.signIn(user.email, user.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().passwordChange).toBeUndefined();
    expect((await session(b)).json().passwordChange).toBeUndefined();
    expect((await b.home()).statusCode).toBe(200);
    expect((await b.send({ method: 'GET', url: '/api/me/team-search' })).statusCode).not.toBe(403);
  });
});
