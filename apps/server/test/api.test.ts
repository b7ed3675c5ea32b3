import {
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  MAX_PHOTO_BYTES,
  MESSAGES,
  UPLOADS_PATH,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  buildTestSite,
  JSON_HEADERS,
  multipart,
  PNG,
  SITE_ORIGIN,
  sessionCookie,
  signup,
  useTestSite,
} from './helper.ts';

const t = useTestSite();

const post = (url: string, payload: unknown) =>
  t.site.inject({ method: 'POST', url, headers: JSON_HEADERS, payload: JSON.stringify(payload) });

/** Creates an account through the site; returns its id and this browser's session cookie. */
async function createAccount(overrides: Record<string, unknown> = {}) {
  const response = await post('/api/users', signup(overrides));
  expect(response.statusCode).toBe(201);
  return { id: Number(response.json().user.id), cookie: sessionCookie(response) };
}

describe('GET /api/proxy/*: the tracker read through the proxy', () => {
  it('lists teams with the fields the client reads', async () => {
    const response = await t.site.inject({ url: '/api/proxy/teams' });
    expect(response.statusCode).toBe(200);
    const teams = response.json();
    expect(Array.isArray(teams)).toBe(true);
    expect(teams.length).toBeGreaterThan(0);
    expect(Object.keys(teams[0])).toEqual(
      expect.arrayContaining(['id', 'name', 'focusAreaId', 'focusRoleId', 'members']),
    );
  });

  it('shows one team with its members, each with a status and a user', async () => {
    const response = await t.site.inject({ url: '/api/proxy/teams/1' });
    expect(response.statusCode).toBe(200);
    const team = response.json();
    expect(team.id).toBe(1);
    expect(team.members[0]).toMatchObject({ status: expect.any(String), user: expect.any(Object) });
  });

  it('shows a user, focus areas and role areas', async () => {
    const team = (await t.site.inject({ url: '/api/proxy/teams/1' })).json();
    const userId = team.members[0].user.id;
    const user = await t.site.inject({ url: `/api/proxy/users/${userId}` });
    expect(user.statusCode).toBe(200);
    expect(Object.keys(user.json())).toEqual(
      expect.arrayContaining(['id', 'name', 'image', 'about', 'goalSummary', 'status']),
    );
    const focus = await t.site.inject({ url: '/api/proxy/focus-areas' });
    expect(focus.json().focusAreas.length).toBeGreaterThan(0);
    const roles = await t.site.inject({ url: '/api/proxy/role-areas' });
    expect(roles.json().roleAreas.length).toBeGreaterThan(0);
  });

  it('passes the tracker 404 for an unknown team as JSON', async () => {
    const response = await t.site.inject({ url: '/api/proxy/teams/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 404 for ids too large for any record, not a server error', async () => {
    for (const url of ['/api/proxy/teams/9999999999', '/api/proxy/users/2147483648']) {
      const response = await t.site.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
  });

  it('compresses what it passes on', async () => {
    const response = await t.site.inject({
      url: '/api/proxy/teams',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for every path and method outside the listed reads', async () => {
    const paths = [
      '/api/proxy/join-requests',
      '/api/proxy/health',
      '/api/proxy/teams/abc',
      '/api/proxy/teams/0',
      '/api/proxy/teams/1.5',
      '/api/proxy/teams/..%2Fjoin-requests',
      '/api/proxy/teams/1%2F..%2F..%2Fjoin-requests',
      '/api/proxy/users/1/../../join-requests',
      '/api/proxy/users/%2e%2e/join-requests',
      '/api/proxy//teams',
      '/api/proxy/teams/12345678901',
    ];
    for (const url of paths) {
      const response = await t.site.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.site.inject({
        method,
        url: '/api/proxy/teams',
        headers: JSON_HEADERS,
        payload: '{}',
      });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('serves the tracker uploads on the site origin', async () => {
    const team = (await t.site.inject({ url: '/api/proxy/teams/1' })).json();
    const image = team.members.find((m: { user: { image: string | null } }) => m.user.image).user
      .image;
    const response = await t.site.inject({ url: `${UPLOADS_PATH}/${image}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    // The tracker's own policy for an uploaded file wins over the site's page policy.
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await t.site.inject({ url: `${UPLOADS_PATH}/seed/nobody.svg` })).statusCode).toBe(404);
    expect(
      (await t.site.inject({ url: `${UPLOADS_PATH}/..%2F..%2Fetc%2Fpasswd` })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/onboarding', () => {
  it('stores the selection', async () => {
    const response = await post('/api/onboarding', { category: 'work', focusArea: 'Employee' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await post('/api/onboarding', { category: 'god', focusArea: 'x' })).json().id;
    const bad: [unknown, RegExp][] = [
      [{ focusArea: 'Employee' }, /category/],
      [{ category: 'boss', focusArea: 'Employee' }, /category/],
      [{ category: 'work', focusArea: '   ' }, new RegExp(MESSAGES.enterGoal)],
      [{ category: 'work', focusArea: 42 }, /focusArea/],
      [{ category: 'work', focusArea: 'x'.repeat(501) }, /focusArea/],
      [['work'], /JSON object/],
      ['work', /JSON object/],
    ];
    for (const [payload, message] of bad) {
      const response = await post('/api/onboarding', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().message).toMatch(message);
    }
    const after = (await post('/api/onboarding', { category: 'god', focusArea: 'x' })).json().id;
    expect(after).toBe(before + 1);
  });

  it('refuses text with a NUL character on every JSON route, and stores nothing', async () => {
    const before = (await post('/api/onboarding', { category: 'god', focusArea: 'x' })).json().id;
    const cases: [string, unknown][] = [
      ['/api/onboarding', { category: 'work', focusArea: 'a\u0000b' }],
      ['/api/users', signup({ name: 'Nul\u0000' })],
      ['/api/booking', { name: 'A', email: 'a@b.co', phone: '5551234567\u0000', category: 'work' }],
      ['/api/feedback', { name: 'A', email: 'a@b.co', feedback: '\u0000', category: 'work' }],
      ['/api/confirm-email', { token: 'abc\u0000' }],
    ];
    for (const [url, payload] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('NUL'),
      });
    }
    const after = (await post('/api/onboarding', { category: 'god', focusArea: 'x' })).json().id;
    expect(after).toBe(before + 1);
  });

  it('answers a deeply nested body with 400, not a crash', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.site.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: JSON_HEADERS,
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('takes emoji and other non-ASCII text as it is', async () => {
    const response = await post('/api/onboarding', {
      category: 'other',
      focusArea: 'Läufer 🏃‍♀️ 跑步',
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses bodies that are not JSON, are broken or too large', async () => {
    const cases = [
      {
        headers: { 'content-type': 'text/plain', origin: SITE_ORIGIN },
        payload: '{}',
        status: 415,
      },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN },
        payload: 'category=work',
        status: 415,
      },
      { ...multipart([{ name: 'category', value: 'work' }]), status: 415 },
      { headers: { origin: SITE_ORIGIN }, payload: undefined, status: 415 },
      { headers: JSON_HEADERS, payload: '{"category": "work",', status: 400 },
      { headers: JSON_HEADERS, payload: '', status: 400 },
      {
        headers: JSON_HEADERS,
        payload: JSON.stringify({ category: 'work', focusArea: 'x'.repeat(40_000) }),
        status: 413,
      },
    ];
    for (const { headers, payload, status } of cases) {
      const response = await t.site.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers,
        payload,
      });
      expect(
        response.statusCode,
        `${headers['content-type']} ${String(payload).slice(0, 20)}`,
      ).toBe(status);
      expect(response.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('POST /api/users', () => {
  it('creates the account and the join request, and starts a session', async () => {
    const response = await post('/api/users', signup());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user.id).toEqual(expect.any(Number));
    expect(body.joinRequestSuccess).toBe(true);
    const cookie = response.cookies.find((c) => c.name === 'ap_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).not.toBe(String(body.user.id));
  });

  it('records an unmatched join request when the team does not exist (the sample team)', async () => {
    const response = await post('/api/users', signup({ teamId: 'sample-team' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      joinRequestSuccess: true,
      joinRequest: { status: 'unmatched' },
    });
    expect(response.json().joinRequestWarning).toBeUndefined();
  });

  it('keeps the area and role the sign-up names on its unmatched join request', async () => {
    const { id } = await createAccount({
      teamId: 'sample-team',
      areaName: 'work',
      roleName: 'Entrepreneur',
    });
    const named = async (list: 'focusAreas' | 'roleAreas', name: string) => {
      const url = list === 'focusAreas' ? '/api/proxy/focus-areas' : '/api/proxy/role-areas';
      const rows: { id: number; name: string }[] = (await t.site.inject({ url })).json()[list];
      return rows.find((row) => row.name.toLowerCase() === name.toLowerCase())?.id;
    };
    const areaId = await named('focusAreas', 'work');
    const roleId = await named('roleAreas', 'Entrepreneur');
    expect([areaId, roleId]).toEqual([expect.any(Number), expect.any(Number)]);
    const latest = await t.tracker.running.app.repos.joinRequests.latestOf(id);
    expect(latest?.request).toMatchObject({
      status: 'unmatched',
      focusAreaId: areaId,
      focusRoleId: roleId,
    });
  });

  it('refuses a taken email with 409 and the tracker message', async () => {
    const payload = signup();
    expect((await post('/api/users', payload)).statusCode).toBe(201);
    const again = await post('/api/users', { ...payload, email: payload.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.any(String) });
    expect(again.cookies.find((c) => c.name === 'ap_session')).toBeUndefined();
  });

  it('refuses bad input with a clear message and creates nobody', async () => {
    const first = await createAccount();
    const bad: [Record<string, unknown>, RegExp][] = [
      [signup({ password: '' }), new RegExp(MESSAGES.enterPassword)],
      [signup({ email: 'not-an-email' }), new RegExp(MESSAGES.validEmail)],
      [signup({ email: undefined }), /email/],
      [signup({ name: '' }), /name/],
      [signup({ name: 42 }), /name/],
      [signup({ goalSummary: 'g'.repeat(1001) }), /goalSummary/],
      [signup({ teamId: { $gt: 0 } }), /teamId/],
      [signup({ password: 'p'.repeat(1025) }), /Password/],
    ];
    for (const [payload, message] of bad) {
      const response = await post('/api/users', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(response.cookies).toHaveLength(0);
    }
    const next = await createAccount();
    expect(next.id).toBe(first.id + 1);
  });
});

describe('POST /api/users/:id/profile', () => {
  // An applicant is not public (the proxy answers 404), so the tracker's own record is read.
  const profileOf = async (id: number) => {
    const row = await t.tracker.running.app.repos.users.get(id);
    if (!row) throw new Error(`no user ${id}`);
    return row;
  };
  /** Sends the profile form of account `id` as multipart `parts`, with the session `cookie`. */
  const sendProfile = (
    id: number | string,
    cookie: string | undefined,
    parts: Parameters<typeof multipart>[0],
  ) => {
    const form = multipart(parts);
    return t.site.inject({
      method: 'POST',
      url: `/api/users/${id}/profile`,
      headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
      payload: form.payload,
    });
  };

  it(`saves the about-me text and the photo, served from ${UPLOADS_PATH}`, async () => {
    const { id, cookie } = await createAccount();
    const response = await sendProfile(id, cookie, [
      { name: 'aboutMe', value: 'I run before work.' },
      { name: 'photoFile', value: PNG, filename: 'me.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(MESSAGES.profileUpdated);
    expect(body.photo).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id, photo: body.photo, about: 'I run before work.' });
    const user = await profileOf(id);
    expect(user).toMatchObject({ about: 'I run before work.', image: body.photo });
    const photo = await t.site.inject({ url: `${UPLOADS_PATH}/${body.photo}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    // The tracker's strong ETag and long cache pass through, and so does its 304.
    const etag = photo.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unchanged = await t.site.inject({
      url: `${UPLOADS_PATH}/${body.photo}`,
      headers: { 'if-none-match': String(etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('saves the text alone, and treats an empty file input as no photo', async () => {
    const { id, cookie } = await createAccount();
    const response = await sendProfile(id, cookie, [
      { name: 'aboutMe', value: 'Only words.' },
      { name: 'photoFile', value: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await profileOf(id)).toMatchObject({ about: 'Only words.', image: null });
  });

  it('only lets the browser that created the account change it', async () => {
    const mine = await createAccount();
    const theirs = await createAccount();
    const forged = `ap_session=${encodeURIComponent(`${theirs.id}.${Math.floor(Date.now() / 1000)}.forged`)}`;
    const attempts = [
      { cookie: undefined, id: mine.id },
      { cookie: theirs.cookie, id: mine.id },
      { cookie: forged, id: theirs.id },
      { cookie: `ap_session=${theirs.id}`, id: theirs.id },
    ];
    for (const { cookie, id } of attempts) {
      const response = await sendProfile(id, cookie, [{ name: 'aboutMe', value: 'hijacked' }]);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('SESSION_REQUIRED');
    }
    expect((await profileOf(mine.id)).about).toBeNull();
    expect((await profileOf(theirs.id)).about).toBeNull();
  });

  it('refuses a session older than a day', async () => {
    const { id, cookie } = await createAccount();
    vi.useFakeTimers({ now: Date.now() + 25 * 60 * 60 * 1000, toFake: ['Date'] });
    try {
      const response = await sendProfile(id, cookie, [{ name: 'aboutMe', value: 'late' }]);
      expect(response.statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses bad uploads with a clear message and stores nothing', async () => {
    const { id, cookie } = await createAccount();
    const tooBig = Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES + 1 - PNG.length)]);
    const cases: {
      parts: Parameters<typeof multipart>[0];
      status: number;
      message: RegExp | string;
    }[] = [
      {
        parts: [{ name: 'photoFile', value: tooBig, filename: 'big.png', type: 'image/png' }],
        status: 413,
        message: MESSAGES.photoTooLarge,
      },
      {
        parts: [
          {
            name: 'photoFile',
            value: Buffer.from('%PDF-1.7 not a picture at all'),
            filename: 'cv.png',
            type: 'image/png',
          },
        ],
        status: 415,
        message: MESSAGES.photoNotImage,
      },
      {
        parts: [
          {
            name: 'photoFile',
            value: Buffer.from('<svg onload="alert(1)"/>'),
            filename: 'x.svg',
            type: 'image/svg+xml',
          },
        ],
        status: 415,
        message: MESSAGES.photoNotImage,
      },
      {
        parts: [
          { name: 'photoFile', value: PNG, filename: 'a.png', type: 'image/png' },
          { name: 'photoFile', value: PNG, filename: 'b.png', type: 'image/png' },
        ],
        status: 413,
        message: /one photo/,
      },
      {
        parts: [{ name: 'avatar', value: PNG, filename: 'a.png', type: 'image/png' }],
        status: 400,
        message: /photoFile/,
      },
      { parts: [{ name: 'isAdmin', value: 'true' }], status: 400, message: /aboutMe/ },
      { parts: [{ name: 'aboutMe', value: 'a'.repeat(2001) }], status: 400, message: /2000/ },
      { parts: [{ name: 'aboutMe', value: 'a'.repeat(20_000) }], status: 400, message: /2000/ },
      { parts: [], status: 400, message: /photo/ },
    ];
    for (const { parts, status, message } of cases) {
      const response = await sendProfile(id, cookie, parts);
      expect(response.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const json = await t.site.inject({
      method: 'POST',
      url: `/api/users/${id}/profile`,
      headers: { ...JSON_HEADERS, cookie },
      payload: JSON.stringify({ aboutMe: 'json' }),
    });
    expect(json.statusCode).toBe(415);
    for (const badId of ['abc', '0', '-1', '1e3', '..%2F1']) {
      const response = await sendProfile(badId, cookie, [{ name: 'aboutMe', value: 'x' }]);
      expect([400, 404], badId).toContain(response.statusCode);
    }
    expect(await profileOf(id)).toMatchObject({ about: null, image: null });
  });

  it('answers 400 for form data it cannot read or a NUL in the text, and stores nothing', async () => {
    const { id, cookie } = await createAccount();
    const bodies = [
      { type: 'multipart/form-data', payload: 'abc' },
      { type: 'multipart/form-data; boundary=xyz', payload: '' },
      {
        type: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nContent-Disposition: form-data; name="aboutMe"\r\n\r\ncut short',
      },
      {
        type: 'multipart/form-data; boundary=xyz',
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="aboutMe"\r\n\r\na\u0000b\r\n--xyz--\r\n',
      },
    ];
    for (const { type, payload } of bodies) {
      const response = await t.site.inject({
        method: 'POST',
        url: `/api/users/${id}/profile`,
        headers: { 'content-type': type, origin: SITE_ORIGIN, cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/form data|NUL|Send a photo/);
    }
    const response = await sendProfile(`00${id}`, cookie, [{ name: 'aboutMe', value: 'x' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/id/);
    expect(await profileOf(id)).toMatchObject({ about: null, image: null });
  });
});

describe('booking and feedback', () => {
  it('gives the next available date as an ISO instant', async () => {
    const response = await t.site.inject({ url: '/api/booking/next-available-date' });
    expect(response.statusCode).toBe(200);
    const { date } = response.json();
    expect(new Date(date).toISOString()).toBe(date);
    expect(new Date(date).getTime()).toBeGreaterThan(Date.now());
  });

  it('books an info call and takes feedback', async () => {
    const booking = await post('/api/booking', {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '555 1234',
      category: 'school',
    });
    expect(booking.statusCode).toBe(201);
    expect(booking.json().message).toBe(MESSAGES.bookingConfirmed);
    const feedback = await post('/api/feedback', {
      name: 'Ada',
      email: 'ada@example.com',
      feedback: 'Not now.',
      category: 'other',
    });
    expect(feedback.statusCode).toBe(201);
    expect(feedback.json().message).toEqual(expect.any(String));
  });

  it('answers booking mistakes with the spec messages and stores nothing', async () => {
    const good = { name: 'Ada', email: 'ada@example.com', phone: '5551234', category: 'work' };
    const before = (await post('/api/booking', good)).json().id;
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ ...good, name: ' ' }, MESSAGES.enterName],
      [{ ...good, email: 'ada@' }, MESSAGES.validEmail],
      [{ ...good, phone: '123456' }, MESSAGES.validPhone],
      [{ ...good, phone: 5551234 }, MESSAGES.validPhone],
      [{ ...good, category: 'WORK' }, /category/],
    ];
    for (const [payload, message] of bad) {
      const response = await post('/api/booking', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await post('/api/booking', good)).json().id).toBe(before + 1);
  });

  it('stores a booking or feedback sent again with its idempotency key once, answering the first', async () => {
    const keyed = (url: string, payload: unknown, key: string) =>
      t.site.inject({
        method: 'POST',
        url,
        headers: { ...JSON_HEADERS, 'idempotency-key': key },
        payload: JSON.stringify(payload),
      });
    const booking = {
      name: 'Ada',
      email: 'ada.again@example.com',
      phone: '5551234',
      category: 'work',
    };
    const key = `booking-${Date.now()}-${process.pid}`;
    const mailsBefore = t.tracker.mail.filter((mail) => mail.to === booking.email).length;
    const first = await keyed('/api/booking', booking, key);
    const again = await keyed('/api/booking', booking, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // A new booking (no key) is the next row: the repeat stored nothing.
    const next = await post('/api/booking', booking);
    expect(next.json().id).toBe(first.json().id + 1);
    await vi.waitFor(() =>
      expect(t.tracker.mail.filter((mail) => mail.to === booking.email)).toHaveLength(
        mailsBefore + 2,
      ),
    );
    // The same key with other details is refused, not stored.
    const other = await keyed('/api/booking', { ...booking, phone: '5559999' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    const feedback = { name: 'Ada', email: 'ada@example.com', feedback: 'Later.', category: 'god' };
    const feedbackKey = `feedback-${Date.now()}-${process.pid}`;
    const said = await keyed('/api/feedback', feedback, feedbackKey);
    const saidAgain = await keyed('/api/feedback', feedback, feedbackKey);
    expect(saidAgain.json()).toEqual(said.json());
    expect((await post('/api/feedback', feedback)).json().id).toBe(said.json().id + 1);
  });

  it('requires name, email and feedback', async () => {
    for (const field of ['name', 'email', 'feedback']) {
      const payload: Record<string, unknown> = {
        name: 'Ada',
        email: 'ada@example.com',
        feedback: 'Later',
        category: 'god',
      };
      delete payload[field];
      const response = await post('/api/feedback', payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toMatch(field);
    }
  });
});

describe('POST /api/confirm-email', () => {
  const tokenFor = async (email: string) => {
    await vi.waitFor(() => expect(t.tracker.mail.some((m) => m.to === email)).toBe(true));
    const text = t.tracker.mail.find((m) => m.to === email)?.text ?? '';
    const match = /confirm-email\?token=([^\s]+)/.exec(text);
    return decodeURIComponent(match?.[1] ?? '');
  };

  it('confirms once, then says the link was used', async () => {
    const payload = signup();
    await post('/api/users', payload);
    const token = await tokenFor(payload.email);
    const first = await post('/api/confirm-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'confirmed', message: expect.any(String) });
    const again = await post('/api/confirm-email', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TOKEN_USED');
  });

  it('says so for an unknown or an expired link', async () => {
    const unknown = await post('/api/confirm-email', { token: 'no-such-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));

    const payload = signup();
    await post('/api/users', payload);
    const token = await tokenFor(payload.email);
    t.tracker.advance(73 * 60 * 60 * 1000);
    const expired = await post('/api/confirm-email', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a missing or oversized token', async () => {
    for (const payload of [{}, { token: '' }, { token: 7 }, { token: 't'.repeat(201) }]) {
      const response = await post('/api/confirm-email', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/token/);
    }
  });
});

describe('POST /api/confirm-email/resend', () => {
  const resend = (email: unknown) => post('/api/confirm-email/resend', { email });
  const confirmations = (email: string) =>
    t.tracker.mail.filter((m) => m.to === email && /confirm-email\?token=/.test(m.text));

  it('sends a new confirmation link to an account waiting for one', async () => {
    const payload = signup();
    await post('/api/users', payload);
    await vi.waitFor(() => expect(confirmations(payload.email)).toHaveLength(1));
    // The tracker sends to one address at most once a minute.
    t.tracker.advance(61_000);
    const response = await resend(payload.email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: MESSAGES.confirmationResent });
    await vi.waitFor(() => expect(confirmations(payload.email)).toHaveLength(2));
  });

  it('answers an address with no account exactly as one with an account', async () => {
    const payload = signup();
    await post('/api/users', payload);
    t.tracker.advance(61_000);
    const known = await resend(payload.email);
    const unknown = await resend(`nobody.${Date.now()}@example.com`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  it('refuses a missing or malformed address with the form messages', async () => {
    for (const [email, message] of [
      [undefined, MESSAGES.enterEmail],
      ['', MESSAGES.enterEmail],
      ['ada@', MESSAGES.validEmail],
      [7, MESSAGES.enterEmail],
    ] as const) {
      const response = await resend(email);
      expect(response.statusCode, String(email)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('GET /api/status', () => {
  it('reports the key by presence, length and prefix, and a real connection test', async () => {
    const response = await t.site.inject({ url: '/api/status' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      apiBaseUrl: t.tracker.url,
      apiKeyExists: true,
      apiKeyLength: API_KEY_LENGTH,
      apiKeyPrefix: API_KEY_PREFIX,
      environment: 'test',
      testConnection: { success: true, status: 200, statusText: 'OK', error: null },
      serverTime: expect.any(String),
      nodeVersion: process.version,
    });
    expect(response.body).not.toContain(t.tracker.apiKey);
  });

  it('shows a failed connection when the key is wrong', async () => {
    const wrongKey = `${API_KEY_PREFIX}${'x'.repeat(API_KEY_LENGTH - API_KEY_PREFIX.length)}`;
    const misconfigured = await buildTestSite({
      tracker: { url: t.tracker.url, apiKey: wrongKey },
    });
    const body = (await misconfigured.inject({ url: '/api/status' })).json();
    expect(body.testConnection).toMatchObject({
      success: false,
      status: 401,
      error: expect.any(String),
    });
    await misconfigured.close();
  });
});
