import { createHash } from 'node:crypto';
import { createConnection } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestSite,
  JSON_HEADERS,
  multipart,
  startTestTracker,
  type TestTracker,
} from './helper.ts';

/** Redis is on the development machines; where it is not, the shared-store test cannot run. */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 6379 });
  socket.setTimeout(500);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

let tracker: TestTracker;
let site: FastifyInstance;
const feedback = JSON.stringify({
  name: 'Ada',
  email: 'ada@example.com',
  feedback: 'Later',
  category: 'work',
});

beforeAll(async () => {
  tracker = await startTestTracker();
  site = await buildTestSite({ tracker, env: { ALLOWED_ORIGINS: 'http://localhost:5173' } });
});

afterAll(async () => {
  await site?.close();
  await tracker?.close();
});

describe('state-changing requests come from the site itself', () => {
  const send = (headers: Record<string, string>) =>
    site.inject({ method: 'POST', url: '/api/feedback', headers, payload: feedback });

  it('refuses cross-site fetches and foreign origins with 403', async () => {
    const refused = [
      { ...JSON_HEADERS, 'sec-fetch-site': 'cross-site' },
      { ...JSON_HEADERS, origin: 'https://evil.example' },
      { ...JSON_HEADERS, origin: 'http://localhost.evil.example' },
      { ...JSON_HEADERS, origin: 'http://localhost:8080' },
      { ...JSON_HEADERS, origin: 'null' },
    ];
    for (const headers of refused) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({
        code: 'FORBIDDEN_ORIGIN',
        message: 'This request must come from the site itself.',
      });
    }
  });

  it('takes the same origin, the configured dev origin, and clients that send no Origin', async () => {
    for (const headers of [
      { ...JSON_HEADERS, 'sec-fetch-site': 'same-origin' },
      { ...JSON_HEADERS, origin: 'http://localhost:5173' },
      { 'content-type': 'application/json' },
    ]) {
      expect((await send(headers)).statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('refuses the bodies a cross-site form can send without a preflight', async () => {
    const plain = await site.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: feedback,
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const form = await site.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada',
    });
    expect(form.statusCode).toBe(415);
    const parts = multipart([{ name: 'name', value: 'Ada' }]);
    const multi = await site.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: parts.headers,
      payload: parts.payload,
    });
    expect(multi.statusCode).toBe(415);
  });
});

describe('rate limits', () => {
  it('limits sign-ups per client with 429 and a clear message, apart from other calls', async () => {
    const limited = await buildTestSite({ tracker, env: { RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: '2' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/users',
        headers: JSON_HEADERS,
        payload: '{}',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          code: 'RATE_LIMITED',
          message: expect.stringMatching(
            /^Too many requests\. Please wait \d+ minutes and try again\.$/,
          ),
        });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([400, 400, 429]);
    const other = await limited.inject({ url: '/api/status' });
    expect(other.statusCode).toBe(200);
    const elsewhere = await limited.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: '{}',
      remoteAddress: '10.0.0.7',
    });
    expect(elsewhere.statusCode).toBe(400);
    await limited.close();
  });

  it('limits reads and unknown paths too', async () => {
    const limited = await buildTestSite({ tracker, env: { RATE_LIMIT_READ_MAX: '2' } });
    const codes = [];
    for (let i = 0; i < 3; i += 1)
      codes.push((await limited.inject({ url: '/api/nope' })).statusCode);
    expect(codes).toEqual([404, 404, 429]);
    await limited.close();
  });

  it.runIf(redisUp)('shares the counters between instances through Redis', async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_WRITE_ANONYMOUS_MAX: '2',
    };
    const first = await buildTestSite({ tracker, env });
    const second = await buildTestSite({ tracker, env });
    // A client address of its own, so earlier runs' counters in Redis do not interfere.
    const remoteAddress = `10.${process.pid % 250}.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`;
    const call = (instance: FastifyInstance) =>
      instance.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers: JSON_HEADERS,
        payload: '{}',
        remoteAddress,
      });
    expect((await call(first)).statusCode).toBe(400);
    expect((await call(second)).statusCode).toBe(400);
    expect((await call(first)).statusCode).toBe(429);
    await first.close();
    await second.close();
  });
});

describe('error answers', () => {
  it('never sends internal text in a 5xx', async () => {
    const broken = await buildTestSite({ tracker });
    broken.get('/api/broken', async () => {
      throw new Error('connection string postgres://admin:hunter2@db');
    });
    const response = await broken.inject({ url: '/api/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again later.',
    });
    await broken.close();
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await site.inject({
        method,
        url: '/api/unknown/thing',
        headers: JSON_HEADERS,
        payload: method === 'GET' ? undefined : '{}',
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `Nothing here: ${method} /api/unknown/thing`,
      });
    }
  });
});

describe('the web app', () => {
  it('serves pages with a strict Content Security Policy', async () => {
    // The shell: no inline style or script of a prerendered page widens its policy.
    const response = await site.inject({ url: '/onboarding/work' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(
      "default-src 'self';base-uri 'none';object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self';img-src 'self' data: blob: https:;" +
        "font-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Not in production, where HTTPS is terminated in front of the site: no upgrade, no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('in production also upgrades insecure requests and sends HSTS', async () => {
    const production = await buildTestSite({ tracker, env: { NODE_ENV: 'production' } });
    try {
      const response = await production.inject({ url: '/' });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp.split(';').at(-1)).toBe('upgrade-insecure-requests');
      expect(csp.split(';').slice(0, -1).join(';')).toBe(
        String((await site.inject({ url: '/' })).headers['content-security-policy']),
      );
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await production.close();
    }
  });

  it('answers an address under a route with parameters that has no page with index.html (history fallback), never cached', async () => {
    for (const url of ['/onboarding/work/role', '/onboarding/work', '/onboarding/bogus/team?x=1']) {
      const response = await site.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers any other unknown address with the prerendered not-found page, its inline style and script allowed by hash', async () => {
    for (const url of ['/no/such/page?x=1', '/pricing/extra', '/onboarding']) {
      const response = await site.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<h1 class="missing">404 Page Not Found</h1>');
      expect(response.headers['cache-control']).toBe('no-cache');
      const style = /<style>([^<]*)<\/style>/.exec(response.body)?.[1] ?? '';
      const hash = createHash('sha256').update(style).digest('base64');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('answers a prerendered page with its HTML, its inline style and script allowed by hash only', async () => {
    for (const url of ['/pricing', '/pricing/', '/pricing?ref=mail']) {
      const response = await site.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<h1 class="hero">Pricing</h1>');
      expect(response.headers['cache-control']).toBe('no-cache');
      const style = /<style>([^<]*)<\/style>/.exec(response.body)?.[1] ?? '';
      const hash = createHash('sha256').update(style).digest('base64');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
      const attribute = createHash('sha256').update('pointer-events:none').digest('base64');
      expect(csp).toContain(`style-src-attr 'unsafe-hashes' 'sha256-${attribute}'`);
      const script = /<script type="module">([^<]*)<\/script>/.exec(response.body)?.[1] ?? '';
      const scriptHash = createHash('sha256').update(script).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${scriptHash}';`);
      expect(csp).not.toContain('unsafe-inline');
    }
    // Listed files that are missing or outside the list's folder, or a source that is not a hash,
    // are not pages: the not-found page answers, under its own policy.
    for (const url of ['/missing', '/escape', '/forged']) {
      const response = await site.inject({ url });
      expect(response.body, url).toContain('404 Page Not Found');
      expect(response.body, url).not.toContain('Pricing');
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
    }
    expect((await site.inject({ url: '/prerendered/pricing.html' })).statusCode).toBe(404);
  });

  it('caches hashed assets for good and 404s missing files', async () => {
    const asset = await site.inject({ url: '/assets/index-Bx7kQ2ab.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await site.inject({ url: '/assets/index-0ld.js' });
    expect(missing.statusCode).toBe(404);
  });
});
