import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from './client.ts';
import { ApiError } from './errors.ts';

type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

/** A fake fetch that answers from a queue and keeps every request it was given. */
function fakeServer(...replies: Reply[]) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const reply = replies.shift() ?? new Response('no reply queued', { status: 599 });
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(request) : reply;
  };
  const client: ApiClient = createApiClient({ baseUrl: 'http://site.test/', fetch });
  return { client, requests };
}

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

const text = (body: string, status: number, statusText = '') =>
  new Response(body, { status, statusText });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const team = {
  id: 7,
  name: 'Morning Movers',
  focusAreaId: 1,
  focusRoleId: 7,
  members: [
    {
      id: 1,
      status: 'Active',
      user: { id: 3, name: 'Ada', image: null, about: null, goalSummary: null },
    },
  ],
};
const user = {
  email: 'ada@example.com',
  password: 'secret1',
  name: 'Ada',
  goalSummary: 'Ship it',
  teamId: 7,
};
const booking = { name: 'Ada', email: 'ada@example.com', phone: '5551234', category: 'work' };

describe('every request', () => {
  it('sends credentials and calls the spec paths exactly', async () => {
    const { client, requests } = fakeServer(
      json([team]),
      json(team),
      json({ id: 3, name: 'Ada', image: null, about: null, goalSummary: null }),
      json({ focusAreas: [] }),
      json({ roleAreas: [] }),
      json({ date: '2030-01-02T20:00:00.000Z' }),
    );
    await client.getTeams();
    await client.getTeam(7);
    await client.getUser(3);
    await client.getFocusAreas();
    await client.getRoleAreas();
    await client.getNextAvailableDate();
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(
      [
        'GET /api/proxy/teams',
        'GET /api/proxy/teams/7',
        'GET /api/proxy/users/3',
        'GET /api/proxy/focus-areas',
        'GET /api/proxy/role-areas',
        'GET /api/booking/next-available-date',
      ],
    );
    for (const request of requests) {
      expect(request.credentials).toBe('include');
      expect(request.headers.get('content-type')).toBeNull();
    }
  });

  it('sets a JSON content type only when there is a JSON body', async () => {
    const { client, requests } = fakeServer(json({ message: 'ok', id: 1 }, 201));
    await client.submitBooking({ ...booking, category: 'work' });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/booking');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual(booking);
  });

  it('does not retry a failed request', async () => {
    const { client, requests } = fakeServer(text('busy', 503, 'Service Unavailable'));
    await failure(client.getTeam(7));
    expect(requests).toHaveLength(1);
  });

  it('does not retry a busy answer either, even one that says when to come back (spec 9)', async () => {
    const body = JSON.stringify({ code: 'OVERLOADED', message: 'busy' });
    const { client, requests } = fakeServer(
      new Response(body, {
        status: 503,
        statusText: 'Service Unavailable',
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      }),
      json(team),
    );
    const error = await failure(client.getTeam(7));
    expect(requests).toHaveLength(1);
    expect(error.message).toBe(`503: ${body}`);
  });

  it('keeps path ids from escaping their segment', async () => {
    const { client, requests } = fakeServer(json(team));
    await client.getTeam('1/../../users');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/proxy/teams/1%2F..%2F..%2Fusers');
  });
});

describe('generic error rule (spec 8)', () => {
  it("reads '{status}: {body text}'", async () => {
    const { client } = fakeServer(text('team not found', 404, 'Not Found'));
    const error = await failure(client.getTeam(9));
    expect(error.message).toBe('404: team not found');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
  });

  it('uses the status text when the body is empty', async () => {
    const { client } = fakeServer(text('', 502, 'Bad Gateway'));
    expect(
      (await failure(client.submitOnboarding({ category: 'work', focusArea: 'x' }))).message,
    ).toBe('502: Bad Gateway');
  });

  it("carries the server's error code", async () => {
    const { client } = fakeServer(json({ message: 'Slow down', code: 'RATE_LIMITED' }, 429));
    const error = await failure(
      client.submitFeedback({ ...booking, feedback: 'x', category: 'god' }),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('429: {"message":"Slow down","code":"RATE_LIMITED"}');
  });

  it('tells a network failure from an HTTP one by kind', async () => {
    const { client } = fakeServer(new TypeError('Failed to fetch'));
    const error = await failure(client.getTeam(1));
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
  });

  it('gives up on a server that does not answer in time, as a network error', async () => {
    const fetch = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const client = createApiClient({ baseUrl: 'http://site.test/', fetch, timeoutMs: 5 });
    const error = await failure(client.getTeam(1));
    expect([error.kind, error.timedOut, error.message]).toEqual([
      'network',
      true,
      MESSAGES.bookingNetworkError,
    ]);
  });

  it('rejects a success body that breaks the contract as a parse error', async () => {
    const { client } = fakeServer(json({ nope: true }));
    const error = await failure(client.getTeam(1));
    expect(error.kind).toBe('parse');
    expect(error.status).toBe(200);
  });

  it('reports a cancelled call as aborted', async () => {
    const controller = new AbortController();
    const { client } = fakeServer(
      (request) =>
        new Promise((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
          controller.abort();
        }),
    );
    const error = await failure(client.getTeam(1, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
  });
});

describe('lists (spec 8: errors yield empty lists)', () => {
  it('gives an empty team list on an HTTP error, a network error or a bad body', async () => {
    const { client } = fakeServer(
      text('', 500, 'Internal Server Error'),
      new TypeError('Failed to fetch'),
      text('<html>', 200),
    );
    expect(await client.getTeams()).toEqual([]);
    expect(await client.getTeams()).toEqual([]);
    expect(await client.getTeams()).toEqual([]);
  });

  it('keeps the teams that match the contract and drops odd records', async () => {
    const { client } = fakeServer(json([team, { id: 8 }, 'junk']));
    expect((await client.getTeams()).map((found) => found.name)).toEqual(['Morning Movers']);
  });

  it('normalises teams: string ids, Active members with defaults, open seats', async () => {
    const pendingMember = {
      id: 2,
      status: 'Pending',
      user: { id: 4, name: 'Bo', image: null, about: null, goalSummary: null },
    };
    const { client } = fakeServer(
      json([{ ...team, openSeats: 2, members: [...team.members, pendingMember] }]),
      json({ ...team, members: [{ id: 9, name: 'Cy', photoUrl: 'images/team/cy.webp' }] }),
    );
    expect(await client.getTeams()).toEqual([
      {
        id: '7',
        name: 'Morning Movers',
        focusAreaId: '1',
        focusRoleId: '7',
        openSeats: 2,
        members: [
          {
            id: '3',
            name: 'Ada',
            photo: null,
            aboutMe: 'Team Member',
            goalSummary: 'Has accountability goals',
          },
        ],
      },
    ]);
    const detail = await client.getTeam(7);
    expect(detail.openSeats).toBeNull();
    expect(detail.members).toEqual([
      {
        id: '9',
        name: 'Cy',
        photo: '/images/team/cy.webp',
        aboutMe: 'Team Member',
        goalSummary: 'Has accountability goals',
      },
    ]);
  });

  it('accepts focus areas wrapped or bare, with roles under either name', async () => {
    const { client } = fakeServer(
      json({
        focusAreas: [{ id: 1, name: 'Work', focusRoles: [{ id: 7, name: 'Professional' }] }],
      }),
      json([{ id: 2, name: 'School', description: 'Study', roles: [{ id: 4, name: 'Student' }] }]),
      text('', 503, 'Service Unavailable'),
    );
    expect(await client.getFocusAreas()).toEqual([
      { id: 1, name: 'Work', description: null, focusRoles: [{ id: 7, name: 'Professional' }] },
    ]);
    expect(await client.getFocusAreas()).toEqual([
      { id: 2, name: 'School', description: 'Study', focusRoles: [{ id: 4, name: 'Student' }] },
    ]);
    expect(await client.getFocusAreas()).toEqual([]);
  });

  it('accepts role areas wrapped or bare', async () => {
    const { client } = fakeServer(
      json({ roleAreas: [{ id: 7, name: 'Professional', description: null }] }),
      json([{ id: 8, name: 'Entrepreneur' }]),
    );
    expect(await client.getRoleAreas()).toEqual([
      { id: 7, name: 'Professional', description: null },
    ]);
    expect(await client.getRoleAreas()).toEqual([
      { id: 8, name: 'Entrepreneur', description: null },
    ]);
  });
});

describe('user creation (spec 8)', () => {
  it('returns the created user and the join-request outcome', async () => {
    const { client, requests } = fakeServer(
      json({ user: { id: 42 }, joinRequestWarning: 'Team is full' }, 201),
    );
    expect(await client.createUser(user)).toEqual({
      user: { id: 42 },
      joinRequestWarning: 'Team is full',
    });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/users');
    expect(await requests[0]?.json()).toEqual(user);
  });

  it('sends the idempotency key as a header, and none when not given', async () => {
    const { client, requests } = fakeServer(
      json({ user: { id: 42 }, joinRequestSuccess: true }, 201),
      json({ user: { id: 42 }, joinRequestSuccess: true }, 201),
    );
    await client.createUser(user, { idempotencyKey: 'signup-0123456789abcdef' });
    await client.createUser(user);
    expect(requests[0]?.headers.get('idempotency-key')).toBe('signup-0123456789abcdef');
    expect(requests[0]?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(requests[1]?.headers.get('idempotency-key')).toBeNull();
  });

  it("shows the server's message, with its code", async () => {
    const { client } = fakeServer(
      json({ message: 'That email is already registered', code: 'EMAIL_TAKEN' }, 409, 'Conflict'),
    );
    const error = await failure(client.createUser(user));
    expect(error.message).toBe('That email is already registered');
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.status).toBe(409);
    expect(error.statusText).toBe('Conflict');
    expect(error.data).toEqual({
      message: 'That email is already registered',
      code: 'EMAIL_TAKEN',
    });
  });

  it('falls back to details, then status text, then the default', async () => {
    const { client } = fakeServer(
      json({ details: 'email is malformed' }, 400, 'Bad Request'),
      text('oops', 500, 'Internal Server Error'),
      text('', 503),
    );
    expect((await failure(client.createUser(user))).message).toBe('email is malformed');
    expect((await failure(client.createUser(user))).message).toBe('500: Internal Server Error');
    expect((await failure(client.createUser(user))).message).toBe('Error creating user (503)');
  });

  it('says the server answered badly when a success body is unparseable', async () => {
    const { client } = fakeServer(text('<html>ok</html>', 201), json({ ok: true }, 201));
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await failure(client.createUser(user));
      expect(error.message).toBe(MESSAGES.invalidServerResponse);
      expect(error.kind).toBe('parse');
    }
  });
});

describe('booking (spec 8)', () => {
  it("shows the server's message, else the default", async () => {
    const { client } = fakeServer(
      json({ message: 'That slot is taken' }, 409),
      text('', 500, 'Internal Server Error'),
    );
    expect((await failure(client.submitBooking({ ...booking, category: 'work' }))).message).toBe(
      'That slot is taken',
    );
    expect((await failure(client.submitBooking({ ...booking, category: 'work' }))).message).toBe(
      MESSAGES.bookingDefaultError,
    );
  });

  it('says network error when nothing answered', async () => {
    const { client } = fakeServer(new TypeError('Failed to fetch'));
    const error = await failure(client.submitBooking({ ...booking, category: 'work' }));
    expect(error.message).toBe(MESSAGES.bookingNetworkError);
    expect(error.kind).toBe('network');
  });
});

describe('profile update (spec 8)', () => {
  const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

  it('sends multipart with aboutMe and photoFile and no JSON content type', async () => {
    const { client, requests } = fakeServer(
      json({
        user: { id: 42, photo: 'u/abc.webp', about: 'Hi' },
        photo: 'u/abc.webp',
        message: 'Saved',
      }),
    );
    expect(await client.updateProfile(42, { aboutMe: 'Hi', photoFile: photo })).toEqual({
      photo: 'u/abc.webp',
      message: 'Saved',
    });
    const request = requests[0];
    expect(new URL(request?.url ?? '').pathname).toBe('/api/users/42/profile');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request?.formData();
    expect(form?.get('aboutMe')).toBe('Hi');
    expect(form?.get('photoFile')).toBeInstanceOf(Blob);
  });

  it('finds the photo under whichever field the server used', async () => {
    const { client } = fakeServer(
      json({ image: 'u/x.webp' }),
      json({ user: { image: 'u/y.webp' } }),
    );
    expect((await client.updateProfile(1, { aboutMe: 'a' })).photo).toBe('u/x.webp');
    expect((await client.updateProfile(1, { aboutMe: 'a' })).photo).toBe('u/y.webp');
  });

  it("shows the server's message, else the status", async () => {
    const { client } = fakeServer(
      json({ message: 'Photo is not an image', code: 'BAD_PHOTO' }, 400),
      text('', 500, 'Internal Server Error'),
    );
    expect((await failure(client.updateProfile(1, { aboutMe: 'a' }))).message).toBe(
      'Photo is not an image',
    );
    expect((await failure(client.updateProfile(1, { aboutMe: 'a' }))).message).toBe(
      'Error updating profile: 500',
    );
  });

  it('reports a non-JSON success body and a network failure', async () => {
    const { client } = fakeServer(text('saved!', 200), new TypeError('Failed to fetch'));
    const parse = await failure(client.updateProfile(1, { aboutMe: 'a' }));
    expect([parse.kind, parse.message]).toEqual(['parse', MESSAGES.profileParseError]);
    const network = await failure(client.updateProfile(1, { aboutMe: 'a' }));
    expect([network.kind, network.message]).toEqual(['network', MESSAGES.profileUnknownError]);
  });
});

describe('email confirmation', () => {
  it('tells confirmed, already used, expired and unknown apart', async () => {
    const { client, requests } = fakeServer(
      json({ status: 'confirmed', message: 'Email confirmed' }),
      json({ message: 'Link already used', code: 'TOKEN_USED' }, 409),
      json({ message: 'Link expired', code: 'TOKEN_EXPIRED' }, 410),
      json({ message: 'Unknown link' }, 404),
    );
    expect(await client.confirmEmail('t1')).toEqual({
      outcome: 'confirmed',
      message: 'Email confirmed',
    });
    expect((await client.confirmEmail('t2')).outcome).toBe('already-used');
    expect((await client.confirmEmail('t3')).outcome).toBe('expired');
    expect((await client.confirmEmail('t4')).outcome).toBe('unknown-token');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/confirm-email');
    expect(await requests[0]?.json()).toEqual({ token: 't1' });
  });
});

describe('resending the confirmation email', () => {
  it('posts the address and returns the answer; a refusal carries the server message', async () => {
    const { client, requests } = fakeServer(
      json({ message: MESSAGES.confirmationResent }, 202),
      json(
        {
          message: 'Too many requests. Please wait 15 minutes and try again.',
          code: 'RATE_LIMITED',
        },
        429,
      ),
      new TypeError('Failed to fetch'),
    );
    expect(await client.resendConfirmation('ada@example.com')).toBe(MESSAGES.confirmationResent);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/confirm-email/resend');
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com' });
    const limited = await failure(client.resendConfirmation('ada@example.com'));
    expect([limited.kind, limited.status, limited.code, limited.message]).toEqual([
      'http',
      429,
      'RATE_LIMITED',
      'Too many requests. Please wait 15 minutes and try again.',
    ]);
    expect((await failure(client.resendConfirmation('ada@example.com'))).kind).toBe('network');
  });
});

describe('status', () => {
  it('parses the status page fields', async () => {
    const status = {
      apiBaseUrl: 'http://127.0.0.1:4000',
      apiKeyExists: true,
      apiKeyLength: 28,
      apiKeyPrefix: 'acp_',
      environment: 'development',
      testConnection: { success: true, status: 200, statusText: 'OK', error: null },
      serverTime: '2030-01-01T00:00:00.000Z',
      nodeVersion: 'v24.21.0',
    };
    const { client, requests } = fakeServer(json(status));
    expect(await client.getStatus()).toEqual(status);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/status');
  });
});

describe('held slots', () => {
  const hold = {
    id: '0b0f5f1e-8f43-4c55-9a5a-6f1d2c3b4a59',
    teamId: 7,
    expiresAt: '2030-01-01T10:10:00.000Z',
    secondsLeft: 600,
  };

  it('takes, extends and releases a hold on the documented paths', async () => {
    const { client, requests } = fakeServer(
      json({ hold }, 201),
      json({ hold: { ...hold, secondsLeft: 599 } }),
      new Response(null, { status: 204 }),
    );
    expect(await client.createHold(7)).toEqual(hold);
    expect((await client.extendHold(hold.id)).secondsLeft).toBe(599);
    await client.releaseHold(hold.id);
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(
      ['POST /api/holds', `POST /api/holds/${hold.id}/extend`, `DELETE /api/holds/${hold.id}`],
    );
    expect(await requests[0]?.json()).toEqual({ teamId: 7 });
    expect(requests[0]?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(requests[1]?.headers.get('content-type')).toBeNull();
    expect(requests.every((request) => request.credentials === 'include')).toBe(true);
  });

  it('reports a full team by status and code', async () => {
    const { client } = fakeServer(
      json({ message: 'Team "A" has no open seat.', code: 'TEAM_FULL' }, 409, 'Conflict'),
    );
    const error = await failure(client.createHold(7));
    expect(error).toMatchObject({ kind: 'http', status: 409, code: 'TEAM_FULL' });
    expect(error.message).toBe('Team "A" has no open seat.');
  });

  it('reports an expired hold on extend, and a broken answer as a parse error', async () => {
    const { client } = fakeServer(
      json({ message: 'This hold has run out.', code: 'HOLD_EXPIRED' }, 410),
      json({ hold: { ...hold, expiresAt: 'soon' } }),
    );
    expect(await failure(client.extendHold(hold.id))).toMatchObject({
      status: 410,
      code: 'HOLD_EXPIRED',
    });
    expect(await failure(client.extendHold(hold.id))).toMatchObject({ kind: 'parse' });
  });

  it("hands the seat over to the tracker's sign-in for an address, and reports an expired hold", async () => {
    const { client, requests } = fakeServer(
      json({ token: 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa' }, 201),
      json({ message: 'The seat held for you has run out.', code: 'HOLD_EXPIRED' }, 410),
    );
    expect(await client.handOverHold(hold.id, 'ada@example.com')).toEqual({
      token: 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa',
    });
    expect(`${requests[0]?.method} ${new URL(requests[0]?.url ?? '').pathname}`).toBe(
      `POST /api/holds/${hold.id}/hand-over`,
    );
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com' });
    expect(await failure(client.handOverHold(hold.id, 'ada@example.com'))).toMatchObject({
      status: 410,
      code: 'HOLD_EXPIRED',
      message: 'The seat held for you has run out.',
    });
  });

  it('counts a hold that is already gone as released, but not a server error', async () => {
    const { client } = fakeServer(
      json({ message: 'Hold not found', code: 'HOLD_NOT_FOUND' }, 404),
      text('', 500, 'Internal Server Error'),
    );
    await expect(client.releaseHold(hold.id)).resolves.toBeUndefined();
    expect(await failure(client.releaseHold(hold.id))).toMatchObject({ kind: 'http', status: 500 });
  });

  it('keeps a hold id from escaping its path segment', async () => {
    const { client, requests } = fakeServer(new Response(null, { status: 204 }));
    await client.releaseHold('../users/1');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/holds/..%2Fusers%2F1');
  });

  it('releases on page exit with a keepalive request and never throws', async () => {
    const seen: RequestInit[] = [];
    let calls = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      calls += 1;
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push({ method: request.method, keepalive: request.keepalive });
      if (calls > 1) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    };
    const client = createApiClient({ baseUrl: 'http://site.test/', fetch });
    expect(client.releaseHoldOnUnload(hold.id)).toBeUndefined();
    expect(client.releaseHoldOnUnload(hold.id)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([
      { method: 'DELETE', keepalive: true },
      { method: 'DELETE', keepalive: true },
    ]);
  });
});
