import { UPLOADS_PATH } from '@app/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTestSite,
  JSON_HEADERS,
  multipart,
  PNG,
  sessionCookie,
  signup,
  startTestTracker,
  type TestTracker,
} from './helper.ts';

const lines: string[] = [];
const sink = {
  write: (line: string) => {
    lines.push(line);
  },
};
let tracker: TestTracker;

beforeAll(async () => {
  tracker = await startTestTracker({ log: { level: 'trace', stream: sink } });
});

afterAll(async () => {
  await tracker?.close();
});

/** Everything a browser could see of a response: status line, headers, body. */
const visible = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${response.statusMessage}\n${JSON.stringify(response.headers)}\n${response.body}`;

describe('the API key, passwords and session cookies stay secret', () => {
  it('appears in no response and no log line of a whole onboarding flow', async () => {
    const site = await buildTestSite({ tracker, log: { level: 'trace', stream: sink } });
    const responses: LightMyRequestResponse[] = [];
    const call = async (options: InjectOptions) => {
      const response = await site.inject(options);
      responses.push(response);
      return response;
    };
    const json = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      call({
        method: 'POST',
        url,
        headers: { ...JSON_HEADERS, ...headers },
        payload: JSON.stringify(payload),
      });

    await call({ url: '/api/status' });
    const teams = (await call({ url: '/api/proxy/teams' })).json();
    const team = (await call({ url: `/api/proxy/teams/${teams[0].id}` })).json();
    await call({ url: `/api/proxy/users/${team.members[0].user.id}` });
    await call({ url: '/api/proxy/focus-areas' });
    await call({ url: '/api/proxy/role-areas' });
    await call({ url: '/api/proxy/join-requests' });
    await json('/api/onboarding', { category: 'work', focusArea: 'Employee' });
    const account = signup({ teamId: team.id });
    const created = await json('/api/users', account);
    expect(created.statusCode).toBe(201);
    const cookie = sessionCookie(created);
    await json('/api/users', account);
    await json('/api/users', { ...account, password: 'short' });
    const form = multipart([
      { name: 'aboutMe', value: 'Early riser.' },
      { name: 'photoFile', value: PNG, filename: 'me.png', type: 'image/png' },
    ]);
    const profile = await call({
      method: 'POST',
      url: `/api/users/${created.json().user.id}/profile`,
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(profile.statusCode).toBe(200);
    await call({ url: `${UPLOADS_PATH}/${profile.json().photo}` });
    await call({ url: '/api/booking/next-available-date' });
    await json('/api/booking', {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '5551234',
      category: 'work',
    });
    await json('/api/feedback', {
      name: 'Ada',
      email: 'ada@example.com',
      feedback: 'Later',
      category: 'god',
    });
    await vi.waitFor(() => expect(tracker.mail.some((m) => m.to === account.email)).toBe(true));
    const token = /token=([^\s]+)/.exec(
      tracker.mail.find((m) => m.to === account.email)?.text ?? '',
    )?.[1];
    const linkToken = decodeURIComponent(token ?? '');
    expect(linkToken.length).toBeGreaterThan(20);
    // The page the link opens (its URL holds the token) and the call that page makes.
    await call({ url: `/confirm-email?token=${encodeURIComponent(linkToken)}` });
    await json('/api/confirm-email', { token: linkToken });
    await json('/api/feedback', {}, { origin: 'https://evil.example' });
    await call({ url: '/onboarding/work/role' });
    await site.close();

    const down = await buildTestSite({
      tracker: { url: 'http://127.0.0.1:9', apiKey: tracker.apiKey },
      log: { level: 'trace', stream: sink },
    });
    responses.push(await down.inject({ url: '/api/status' }));
    responses.push(await down.inject({ url: '/api/proxy/teams' }));
    await down.close();

    expect(responses.length).toBeGreaterThan(20);
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of [tracker.apiKey, account.password]) {
      for (const response of responses) expect(visible(response)).not.toContain(secret);
    }
    // The session cookie is in the one Set-Cookie that creates it, and nowhere in the logs.
    const cookieValue = cookie.split('=')[1] ?? '';
    for (const secret of [tracker.apiKey, account.password, cookieValue, linkToken]) {
      for (const line of lines) expect(line, line).not.toContain(secret);
    }
    const status = responses[0]?.json();
    expect(status.apiKeyPrefix).toBe(tracker.apiKey.slice(0, 4));
  });
});
