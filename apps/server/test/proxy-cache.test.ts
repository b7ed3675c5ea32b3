import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Encoding, encodeAnswer } from '@app/server-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compressedCopy } from '../src/routes/proxy.ts';
import {
  buildTestSite,
  JSON_HEADERS,
  STUB_API_KEY,
  sessionCookie,
  signup,
  startStubUpstream,
  startTestTracker,
  type TestTracker,
} from './helper.ts';

/** A tracker stand-in whose team list grows with each sign-up and counts the reads it serves. */
function teamsUpstream() {
  const state = {
    reads: 0,
    members: 0,
    /** While set, GET /teams waits for it before answering (a read overlapping a write). */
    gate: undefined as Promise<void> | undefined,
    /** While set, POST /users waits for it before answering (a sign-up under way). */
    signupGate: undefined as Promise<void> | undefined,
    /** Sign-ups that reached the stand-in. */
    signups: 0,
    /** Extra teams in the list, so that it is large enough to be compressed. */
    extraTeams: 0,
  };
  const started = startStubUpstream((stub) => {
    stub.get('/teams', async () => {
      state.reads += 1;
      const members = state.members;
      await state.gate;
      const extra = Array.from({ length: state.extraTeams }, (_, index) => ({
        id: index + 2,
        name: `Team ${index + 2}`,
        openSeats: 3,
        members: [],
      }));
      return [{ id: 1, name: 'Alpha', openSeats: 3 - members, members: [] }, ...extra];
    });
    stub.get('/teams/:id', async (_request, reply) => {
      state.reads += 1;
      return reply.code(404).send({ message: 'Team not found' });
    });
    stub.post('/holds', async (_request, reply) =>
      reply.code(409).send({ message: 'This team is full.', code: 'TEAM_FULL' }),
    );
    stub.post('/users', async (_request, reply) => {
      state.signups += 1;
      await state.signupGate;
      state.members += 1;
      return reply.code(201).send({ user: { id: 40 + state.members }, joinRequestSuccess: true });
    });
  });
  return { state, started };
}

describe('proxy read cache', () => {
  const { state, started } = teamsUpstream();
  let upstream: Awaited<typeof started>;
  let site: Awaited<ReturnType<typeof buildTestSite>> | undefined;

  beforeAll(async () => {
    upstream = await started;
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
    state.reads = 0;
    state.members = 0;
    state.signups = 0;
    state.gate = undefined;
    state.signupGate = undefined;
    state.extraTeams = 0;
  });
  afterAll(async () => {
    await upstream.close();
  });

  /** The read cache's clock: moved by the tests, never by waiting. */
  let clock = 0;
  const build = (env: Record<string, string> = {}) =>
    buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      env: { PROXY_CACHE_MS: '60000', ...env },
      now: () => clock,
    });
  /** The open seats GET /api/proxy/teams shows, to a browser with this cookie or none. */
  const seats = async (app: NonNullable<typeof site>, cookie?: string) => {
    const response = await app.inject({
      url: '/api/proxy/teams',
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return (response.json() as { openSeats: number }[])[0]?.openSeats;
  };
  /** A sign-up from a browser with no session yet; resolves with the session cookie it is given. */
  const signUp = async (app: NonNullable<typeof site>) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(signup()),
    });
    expect(response.statusCode).toBe(201);
    return sessionCookie(response);
  };
  const gate = () => {
    let release = () => {};
    const closed = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { closed, release };
  };

  it('answers repeated reads from the cache', async () => {
    site = await build();
    expect(await seats(site)).toBe(3);
    expect(await seats(site)).toBe(3);
    expect(state.reads).toBe(1);
  });

  it('shows the browser that signed up its own sign-up at once, from the tracker', async () => {
    site = await build();
    expect(await seats(site)).toBe(3);
    const writer = await signUp(site);
    expect(await seats(site, writer)).toBe(2);
    expect(state.reads).toBe(2);
  });

  it('keeps serving everyone else the cached answer while sign-ups are under way and after', async () => {
    site = await build();
    const other = await signUp(site); // a browser with a session of its own, from an earlier sign-up
    expect(await seats(site)).toBe(2);
    const { closed, release } = gate();
    state.signupGate = closed;
    const app = site;
    const running = [signUp(app), signUp(app)];
    while (state.signups < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    // Both sign-ups are at the tracker: everyone is served the cached answer.
    expect(await seats(app)).toBe(2);
    expect(await seats(app, other)).toBe(2);
    expect(state.reads).toBe(1);
    release();
    const [writer] = await Promise.all(running);
    // The two sign-ups are answered: the others still get the cached answer...
    expect(await seats(app)).toBe(2);
    expect(await seats(app, other)).toBe(2);
    expect(state.reads).toBe(1);
    // ...the writer reads through, and its fresh answer is kept for everyone.
    expect(await seats(app, writer)).toBe(0);
    expect(state.reads).toBe(2);
    expect(await seats(app)).toBe(0);
    expect(await seats(app, other)).toBe(0);
    expect(state.reads).toBe(2);
  });

  it('reads through for a browser whose write was refused: it is not shown the seat it was just refused', async () => {
    site = await build();
    expect(await seats(site)).toBe(3);
    const refused = await site.inject({
      method: 'POST',
      url: '/api/holds',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ teamId: 1 }),
    });
    expect(refused.statusCode).toBe(409);
    await seats(site, sessionCookie(refused));
    expect(state.reads).toBe(2);
    // A refused write from a browser with no session changed nothing: the others keep the cache.
    const noSession = await site.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ ...signup(), password: '' }),
    });
    expect(noSession.statusCode).toBe(400);
    await seats(site);
    expect(state.reads).toBe(2);
  });

  it('shows everyone a sign-up within PROXY_CACHE_MS', async () => {
    site = await build({ PROXY_CACHE_MS: '300' });
    expect(await seats(site)).toBe(3);
    await signUp(site);
    expect(await seats(site)).toBe(3);
    // Before half its time the kept answer is served; by PROXY_CACHE_MS everyone sees the sign-up.
    clock += 149;
    expect(await seats(site)).toBe(3);
    clock += 151;
    expect(await seats(site)).toBe(2);
  });

  it('never serves the writer an answer whose read started before its sign-up was answered', async () => {
    site = await build();
    const { closed, release } = gate();
    state.gate = closed;
    // The read reaches the tracker before the sign-up and answers after it: it predates it.
    const before = site.inject({ url: '/api/proxy/teams' });
    while (state.reads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const writer = await signUp(site);
    // The writer's read arrives while the older read is still at the tracker: it does not wait
    // for that answer, it asks again.
    const mine = seats(site, writer);
    while (state.reads < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    expect(((await before).json() as { openSeats: number }[])[0]?.openSeats).toBe(3);
    expect(await mine).toBe(2);
    state.gate = undefined;
    expect(await seats(site, writer)).toBe(2);
  });

  it('sends reads that arrive while a path is being fetched the same answer, from one query', async () => {
    site = await build();
    let release = () => {};
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    const app = site;
    const first = app.inject({ url: '/api/proxy/teams' });
    while (state.reads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const more = [1, 2, 3, 4].map(() => app.inject({ url: '/api/proxy/teams' }));
    release();
    const answers = await Promise.all([first, ...more]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[4]?.headers['content-type']).toMatch(/^application\/json/);
    expect(state.reads).toBe(1);
  });

  it('does not leave later reads waiting on a read whose browser hung up while it was at the tracker', async () => {
    site = await build();
    const { closed, release } = gate();
    state.gate = closed;
    const url = await site.listen({ port: 0, host: '127.0.0.1' });
    const hungUp = new AbortController();
    const first = fetch(`${url}/api/proxy/teams`, { signal: hungUp.signal }).catch(() => null);
    while (state.reads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    hungUp.abort();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    state.gate = undefined;
    const next = await fetch(`${url}/api/proxy/teams`, { signal: AbortSignal.timeout(2000) });
    expect(next.status).toBe(200);
  });

  it('refreshes a path half way through PROXY_CACHE_MS with one read while the others keep the cached answer', async () => {
    site = await build({ PROXY_CACHE_MS: '400' });
    const app = site;
    expect(await seats(app)).toBe(3);
    clock += 200;
    state.members = 1;
    const { closed, release } = gate();
    state.gate = closed;
    // This read fetches the fresh answer; the tracker is slow to give it.
    const refresher = seats(app);
    await vi.waitFor(() => expect(state.reads).toBe(2), { timeout: 5000 });
    // Meanwhile the others are answered at once from the cache, without a query of their own.
    expect(await seats(app)).toBe(3);
    expect(await seats(app)).toBe(3);
    expect(state.reads).toBe(2);
    release();
    expect(await refresher).toBe(2);
    state.gate = undefined;
    expect(await seats(app)).toBe(2);
    expect(state.reads).toBe(2);
  });

  it('sends a kept answer compressed as each browser asks, with the same JSON', async () => {
    state.extraTeams = 60;
    site = await build();
    const read = (acceptEncoding?: string) =>
      site?.inject({
        url: '/api/proxy/teams',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const plain = await read();
    expect(plain?.headers['content-encoding']).toBeUndefined();
    expect(plain?.rawPayload.length).toBeGreaterThan(1024);
    for (const [asked, sent, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
    ] as const) {
      for (let time = 0; time < 2; time += 1) {
        const response = await read(asked);
        expect(response?.statusCode).toBe(200);
        expect(response?.headers['content-encoding']).toBe(sent);
        expect(response?.headers.vary).toMatch(/accept-encoding/i);
        expect(response?.headers['content-type']).toBe(plain?.headers['content-type']);
        expect(
          decode(response?.rawPayload ?? Buffer.alloc(0)).equals(
            plain?.rawPayload ?? Buffer.alloc(0),
          ),
        ).toBe(true);
      }
    }
    expect((await read('identity'))?.headers['content-encoding']).toBeUndefined();
    // All from the one kept answer.
    expect(state.reads).toBe(1);
  });

  it('compresses a kept answer once in each encoding, however many browsers ask', () => {
    const answer = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ teams: Array.from({ length: 60 }, (_, id) => ({ id })) })),
    };
    const encode = vi.fn((body: Buffer, encoding: Encoding) => encodeAnswer(body, encoding));
    const first = compressedCopy(answer, 'br', encode);
    for (const encoding of ['br', 'gzip', 'br', 'gzip'] as const) {
      compressedCopy(answer, encoding, encode);
    }
    expect(encode.mock.calls.map(([, encoding]) => encoding)).toEqual(['br', 'gzip']);
    expect(compressedCopy(answer, 'br', encode)).toBe(first);
    expect(brotliDecompressSync(first).equals(answer.body)).toBe(true);
    // Another answer (the next one kept) is compressed afresh.
    compressedCopy({ ...answer }, 'br', encode);
    expect(encode).toHaveBeenCalledTimes(3);
  });

  it('counts a read answered from the cache against the read limit, with its headers', async () => {
    site = await build({ RATE_LIMIT_READ_MAX: '3' });
    const read = () => site?.inject({ url: '/api/proxy/teams', remoteAddress: '10.9.9.9' });
    const answers = [await read(), await read(), await read(), await read()];
    expect(answers.map((answer) => answer?.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer?.headers['x-ratelimit-remaining'])).toEqual([
      '2',
      '1',
      '0',
      '0',
    ]);
    expect(answers[3]?.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Every 200 after the first came from the cache; the refusal did not reach it either.
    expect(state.reads).toBe(1);
    // The security headers are on a cached answer as on any other.
    expect(answers[1]?.headers['content-security-policy']).toBe(
      answers[0]?.headers['content-security-policy'],
    );
    expect(answers[1]?.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads that say they carry a body go through every check before the cached answer', async () => {
    site = await build();
    expect(await seats(site)).toBe(3);
    // The compression plugin refuses a body in an encoding it cannot read, cached answer or not.
    const encoded = await site.inject({
      url: '/api/proxy/teams',
      headers: { 'content-encoding': 'compress' },
    });
    expect(encoded.statusCode).toBe(415);
    // Without such a refusal the read is answered from the cache as any other.
    const withLength = await site.inject({
      url: '/api/proxy/teams',
      headers: { 'content-length': '0' },
    });
    expect(withLength.statusCode).toBe(200);
    expect(state.reads).toBe(1);
  });

  it('does not keep error answers', async () => {
    site = await build();
    expect((await site.inject({ url: '/api/proxy/teams/5' })).statusCode).toBe(404);
    expect((await site.inject({ url: '/api/proxy/teams/5' })).statusCode).toBe(404);
    expect(state.reads).toBe(2);
  });

  it('asks the tracker every time with PROXY_CACHE_MS=0', async () => {
    site = await build({ PROXY_CACHE_MS: '0' });
    await seats(site);
    await seats(site);
    expect(state.reads).toBe(2);
  });
});

describe('proxy read cache with the real tracker', () => {
  let tracker: TestTracker;
  beforeAll(async () => {
    tracker = await startTestTracker();
  });
  afterAll(async () => {
    await tracker.close();
  });

  it('shows a new member of a team right after signing up', async () => {
    const site = await buildTestSite({
      tracker: { url: tracker.url, apiKey: tracker.apiKey },
      env: { PROXY_CACHE_MS: '60000' },
    });
    const team = async (cookie?: string) =>
      (await site.inject({ url: '/api/proxy/teams/1', headers: cookie ? { cookie } : {} })).json();
    const before = await team();
    expect(await team()).toEqual(before);
    const created = await site.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(signup({ teamId: 1 })),
    });
    expect(created.statusCode).toBe(201);
    expect(await team(sessionCookie(created))).not.toEqual(before);
    await site.close();
  });
});
