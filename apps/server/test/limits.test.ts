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

const post = (instance: FastifyInstance, payload: object, remoteAddress = '10.1.1.1') =>
  instance.inject({
    method: 'POST',
    url: '/api/users',
    headers: JSON_HEADERS,
    payload: JSON.stringify(payload),
    remoteAddress,
  });

describe('sign-up limits', () => {
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
        expect((await post(limited, signup({ password: '' }))).statusCode).toBe(400);
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

describe('limits that cannot be raced', () => {
  it('let no more accounts be created from one address than its cap, however many are sent at once', async () => {
    // The per-request limit is set out of the way: this is about the count of accounts.
    const env = { RATE_LIMIT_SIGNUP_MAX: '40', RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: '1000' };
    await t.withSite(env, async (limited) => {
      const answers = await Promise.all(
        Array.from({ length: 150 }, () => post(limited, signup(), '10.4.4.4')),
      );
      const created = answers.filter((answer) => answer.statusCode === 201).length;
      expect(created).toBeGreaterThan(0);
      expect(created).toBeLessThanOrEqual(40);
      for (const answer of answers) expect([201, 429, 503]).toContain(answer.statusCode);
    });
  });

  it('let no more attempts with one email address reach the tracker than its cap', async () => {
    await t.withSite({ RATE_LIMIT_SIGNUP_EMAIL_MAX: '5' }, async (limited) => {
      const one = signup();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(limited, one, `10.5.5.${i + 1}`)),
      );
      const reached = answers.filter((answer) => answer.statusCode !== 429);
      expect(reached.length).toBeLessThanOrEqual(5);
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    });
  });
});

describe('a group on one network', () => {
  const ADDRESS = '10.6.6.6';
  /** One prospect doing what the browser does, from role step to profile; its answers' codes. */
  async function prospect(site: FastifyInstance, teamId: number) {
    const codes: number[] = [];
    let cookie: string | undefined;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const answer = await site.inject({
        method,
        url,
        headers: { ...(payload ? JSON_HEADERS : {}), ...(cookie ? { cookie } : {}) },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
        remoteAddress: ADDRESS,
      });
      if (answer.cookies.some((c) => c.name === 'ap_session')) cookie = sessionCookie(answer);
      codes.push(answer.statusCode);
      return answer;
    };
    await call('POST', '/api/onboarding', { category: 'work', focusArea: 'Employee' });
    await call('GET', '/api/proxy/teams');
    await call('GET', '/api/proxy/focus-areas');
    await call('GET', '/api/proxy/role-areas');
    await call('POST', '/api/holds', { teamId });
    const created = await call('POST', '/api/users', signup({ teamId }));
    await call('GET', '/api/booking/next-available-date');
    const id = created.json().user?.id;
    if (id !== undefined && cookie !== undefined) {
      const form = multipart([{ name: 'aboutMe', value: 'Here with my class.' }]);
      const saved = await site.inject({
        method: 'POST',
        url: `/api/users/${id}/profile`,
        headers: { ...form.headers, cookie },
        payload: form.payload,
        remoteAddress: ADDRESS,
      });
      codes.push(saved.statusCode);
    }
    return codes;
  }

  it('is never refused: 60 prospects from one address go through the whole onboarding', async () => {
    await t.withSite({}, async (site) => {
      const codes: number[] = [];
      // Ten at a time, as people in one room do.
      for (let round = 0; round < 6; round++) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, i) => prospect(site, ((round * 10 + i) % 6) + 1)),
        );
        codes.push(...batch.flat());
      }
      expect(codes.filter((code) => code === 429)).toEqual([]);
      expect(codes.filter((code) => code === 201).length).toBeGreaterThanOrEqual(120);
    });
  });

  it('bounds one flooding client without cookies, while the site serves everyone else', async () => {
    await t.withSite({}, async (site) => {
      const codes: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const answer = await site.inject({
          method: 'POST',
          url: '/api/onboarding',
          headers: JSON_HEADERS,
          payload: JSON.stringify({ category: 'work', focusArea: 'Employee' }),
          remoteAddress: '10.7.7.7',
        });
        codes.push(answer.statusCode);
      }
      expect(codes.filter((code) => code === 429).length).toBeGreaterThan(800);
      expect((await site.inject({ url: '/', remoteAddress: '10.7.7.7' })).statusCode).toBe(200);
      const other = await site.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers: JSON_HEADERS,
        payload: JSON.stringify({ category: 'work', focusArea: 'Employee' }),
        remoteAddress: '10.8.8.8',
      });
      expect(other.statusCode).toBe(201);
    });
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
