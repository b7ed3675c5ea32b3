import { SITE_API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestSite, JSON_HEADERS, STUB_API_KEY, startStubUpstream } from './helper.ts';

const endpoints = Object.entries(SITE_API);
const isPublicRead = (endpoint: (typeof SITE_API)[keyof typeof SITE_API]) =>
  'proxies' in endpoint && !('session' in endpoint);

describe('private answers', () => {
  it('answers every session call, and every call that is not a public read, with Cache-Control: no-store', async () => {
    const upstream = await startStubUpstream((stub) => {
      stub.all('*', async () => ({}));
    });
    const site = await buildTestSite({ tracker: { url: upstream.url, apiKey: STUB_API_KEY } });
    try {
      const seen: { name: string; cacheControl: string | undefined }[] = [];
      for (const [name, endpoint] of endpoints) {
        const answer = await site.inject({
          method: endpoint.method,
          url: endpoint.url.replace(/:id\b/g, '1'),
          headers: JSON_HEADERS,
          ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
        });
        seen.push({ name, cacheControl: answer.headers['cache-control']?.toString() });
      }
      const sessionCalls = endpoints.filter(([, endpoint]) => 'session' in endpoint);
      expect(sessionCalls.length).toBeGreaterThan(2);
      expect(
        seen.filter(({ name }) => !isPublicRead(SITE_API[name as keyof typeof SITE_API])),
      ).toEqual(
        endpoints
          .filter(([, endpoint]) => !isPublicRead(endpoint))
          .map(([name]) => ({ name, cacheControl: 'no-store' })),
      );
      // What is the same for everyone stays as cacheable as the tracker says.
      for (const { name, cacheControl } of seen) {
        if (isPublicRead(SITE_API[name as keyof typeof SITE_API]))
          expect(cacheControl).not.toBe('no-store');
      }
    } finally {
      await site.close();
      await upstream.close();
    }
  });
});
