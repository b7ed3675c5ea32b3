import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JSON_HEADERS, multipart, PNG, sessionCookie, signup, useTestSite } from './helper.ts';

const t = useTestSite({ env: { RATE_LIMIT_SIGNUP_MAX: '1000', RATE_LIMIT_PROFILE_MAX: '2' } });

async function account() {
  const response = await t.site.inject({
    method: 'POST',
    url: '/api/users',
    headers: JSON_HEADERS,
    payload: JSON.stringify(signup()),
  });
  expect(response.statusCode).toBe(201);
  return { id: Number(response.json().user.id), cookie: sessionCookie(response) };
}

const savePhoto = (id: number, cookie: string) => {
  const form = multipart([
    { name: 'photoFile', value: PNG, filename: 'me.png', type: 'image/png' },
  ]);
  return t.site.inject({
    method: 'POST',
    url: `/api/users/${id}/profile`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
};

describe('profile saves', () => {
  it('are limited per account, not per address', async () => {
    const a = await account();
    const b = await account();
    expect((await savePhoto(a.id, a.cookie)).statusCode).toBe(200);
    expect((await savePhoto(a.id, a.cookie)).statusCode).toBe(200);
    const third = await savePhoto(a.id, a.cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account behind the same address is not held back by the first.
    expect((await savePhoto(b.id, b.cookie)).statusCode).toBe(200);
  });
});

describe('sign-up limits', () => {
  const post = (instance: FastifyInstance, payload: object, remoteAddress = '10.1.1.1') =>
    instance.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(payload),
      remoteAddress,
    });

  it('let a class of 30 behind one address sign up, with the default limits', async () => {
    await t.withSite({}, async (school) => {
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await post(school, signup())).statusCode);
      expect(statuses).toEqual(Array.from({ length: 30 }, () => 201));
    });
  });

  it('count only accounts created against an address', async () => {
    await t.withSite({ RATE_LIMIT_SIGNUP_MAX: '2' }, async (limited) => {
      // Mistakes and taken addresses cost nothing.
      for (let i = 0; i < 3; i++) {
        expect((await post(limited, signup({ password: '123' }))).statusCode).toBe(400);
      }
      const first = signup();
      expect((await post(limited, first)).statusCode).toBe(201);
      expect((await post(limited, first)).statusCode).toBe(409);
      expect((await post(limited, signup())).statusCode).toBe(201);
      const third = await post(limited, signup());
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many accounts were created from your network\./),
      });
      // Another address is not held back.
      expect((await post(limited, signup(), '10.2.2.2')).statusCode).toBe(201);
    });
  });

  it('bound the attempts with one email address, and accounts created by everyone', async () => {
    await t.withSite(
      { RATE_LIMIT_SIGNUP_EMAIL_MAX: '2', RATE_LIMIT_SIGNUP_GLOBAL_MAX: '2' },
      async (limited) => {
        const one = signup();
        expect((await post(limited, one, '10.3.0.1')).statusCode).toBe(201);
        expect((await post(limited, one, '10.3.0.2')).statusCode).toBe(409);
        const third = await post(limited, one, '10.3.0.3');
        expect(third.statusCode).toBe(429);
        expect(third.json().message).toMatch(
          /^Too many sign-up attempts with this email address\./,
        );
        expect((await post(limited, signup(), '10.3.0.4')).statusCode).toBe(201);
        const ceiling = await post(limited, signup(), '10.3.0.5');
        expect(ceiling.statusCode).toBe(429);
        expect(ceiling.json().message).toMatch(/^Too many people are signing up right now\./);
      },
    );
  });
});

describe('resending the confirmation email', () => {
  it('is limited per client address, with the wait in words', async () => {
    await t.withSite({ RATE_LIMIT_RESEND_MAX: '3' }, async (limited) => {
      const resend = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/confirm-email/resend',
          headers: JSON_HEADERS,
          payload: JSON.stringify({ email: 'ada@example.com' }),
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await resend('10.2.2.2')).statusCode).toBe(202);
      const refused = await resend('10.2.2.2');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.json().message).toMatch(
        /^Too many requests\. Please wait \d+ minutes and try again\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not held back.
      expect((await resend('10.3.3.3')).statusCode).toBe(202);
    });
  });
});

describe('page routes', () => {
  it('never answer 429, while unknown API paths are limited', async () => {
    await t.withSite({ RATE_LIMIT_READ_MAX: '2' }, async (limited) => {
      for (let i = 0; i < 5; i++) {
        const page = await limited.inject({ url: '/onboarding/work/role' });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
      }
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.inject({ url: '/api/nope' })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    });
  });
});
