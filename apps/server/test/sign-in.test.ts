import { describe, expect, it } from 'vitest';
import { useTestSite } from './helper.ts';

const t = useTestSite({ env: { TRACKER_PUBLIC_URL: 'https://tracker.example.org' } });

const signIn = async (query: string) => {
  const response = await t.site.inject({ url: `/sign-in${query}` });
  expect(response.statusCode).toBe(302);
  return response.headers.location;
};

describe('GET /sign-in', () => {
  it("sends the browser to the tracker's sign-in", async () => {
    expect(await signIn('')).toBe('https://tracker.example.org/sign-in');
  });

  it('passes on where to go after signing in, a path on the tracker (a held seat handed over)', async () => {
    const next = '/find-a-team?seat=6f1d2c3b-4a59-4c55-9a5a-0b0f5f1e8f43&key=abc_DEF-123';
    const location = await signIn(`?next=${encodeURIComponent(next)}&notice=x`);
    expect(location).toMatch(/^https:\/\/tracker\.example\.org\/sign-in\?next=/);
    expect(new URL(location ?? '').searchParams.get('next')).toBe(next);
    expect(new URL(location ?? '').searchParams.has('notice')).toBe(false);
  });

  it('drops a next that is not a path on the tracker', async () => {
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '/a\tb', '']) {
      expect(await signIn(`?next=${encodeURIComponent(next)}`), next).toBe(
        'https://tracker.example.org/sign-in',
      );
    }
  });
});
