import { describe, expect, it } from 'vitest';
import { browser, frontDoorRoutes, SIGNED_OUT, useTestFrontDoor } from './door.ts';
import { signUp } from './helpers.ts';

const front = useTestFrontDoor();

// The console's routes have their own sweep (console.test.ts).
const memberRoutes = frontDoorRoutes.filter((route) => !route.path.startsWith('/api/console'));

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
