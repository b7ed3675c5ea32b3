import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from './testing.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fakeFetch', () => {
  it('answers the routes it is given, records each request and refuses the rest', async () => {
    const server = fakeFetch({ 'POST /api/holds': () => json({ id: 'h1' }, 201) }, () =>
      json({ code: 'NOT_FOUND' }, 404),
    );
    const made = await fetch('http://site.test/api/holds', { method: 'POST', body: '{"team":1}' });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ id: 'h1' });
    expect((await fetch('http://site.test/api/teams')).status).toBe(404);

    expect(server.requests).toHaveLength(2);
    const [hold] = server.to('POST /api/holds');
    expect(await hold?.json()).toEqual({ team: 1 });
  });
});
