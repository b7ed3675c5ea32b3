import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestSite,
  JSON_HEADERS,
  STUB_API_KEY,
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
  };
  const started = startStubUpstream((stub) => {
    stub.get('/teams', async () => {
      state.reads += 1;
      const members = state.members;
      await state.gate;
      return [{ id: 1, name: 'Alpha', openSeats: 3 - members, members: [] }];
    });
    stub.get('/teams/:id', async (_request, reply) => {
      state.reads += 1;
      return reply.code(404).send({ message: 'Team not found' });
    });
    stub.post('/users', async (_request, reply) => {
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
    state.gate = undefined;
  });
  afterAll(async () => {
    await upstream.close();
  });

  const build = (env: Record<string, string> = {}) =>
    buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      env: { PROXY_CACHE_MS: '60000', ...env },
    });
  const seats = async (app: NonNullable<typeof site>) => {
    const response = await app.inject({ url: '/api/proxy/teams' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return (response.json() as { openSeats: number }[])[0]?.openSeats;
  };
  const signUp = (app: NonNullable<typeof site>) =>
    app.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(signup()),
    });

  it('answers repeated reads from the cache', async () => {
    site = await build();
    expect(await seats(site)).toBe(3);
    expect(await seats(site)).toBe(3);
    expect(state.reads).toBe(1);
  });

  it('asks the tracker again after a sign-up through the site', async () => {
    site = await build();
    expect(await seats(site)).toBe(3);
    expect((await signUp(site)).statusCode).toBe(201);
    expect(await seats(site)).toBe(2);
    expect(state.reads).toBe(2);
  });

  it('does not keep an answer read while a sign-up was under way', async () => {
    site = await build();
    let release = () => {};
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    // The read reaches the tracker before the sign-up and answers after it: it predates it.
    const before = site.inject({ url: '/api/proxy/teams' });
    while (state.reads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await signUp(site)).statusCode).toBe(201);
    release();
    expect(((await before).json() as { openSeats: number }[])[0]?.openSeats).toBe(3);
    state.gate = undefined;
    expect(await seats(site)).toBe(2);
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
    const team = async () => (await site.inject({ url: '/api/proxy/teams/1' })).json();
    const before = await team();
    expect(await team()).toEqual(before);
    const created = await site.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(signup({ teamId: 1 })),
    });
    expect(created.statusCode).toBe(201);
    expect(await team()).not.toEqual(before);
    await site.close();
  });
});
