import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import {
  helmetOptions,
  isCspHashSource,
  type OriginPolicy,
  originGuard,
  REFERRER_POLICY,
  type SecurityHeadersOptions,
  securityHeaders,
} from './security.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function withHeaders(https: boolean, extraDirectives?: Record<string, string[]>) {
  const app = Fastify();
  apps.push(app);
  await app.register(securityHeaders, { https, ...(extraDirectives ? { extraDirectives } : {}) });
  app.get('/', async () => ({ ok: true }));
  return (await app.inject({ url: '/' })).headers;
}

async function guarded(policy: Partial<OriginPolicy>) {
  const app = Fastify();
  apps.push(app);
  await app.register(errorHandler);
  const checkOrigin = originGuard({
    origins: ['https://app.example'],
    sameHost: false,
    requireOrigin: true,
    message: 'This request must come from the app itself.',
    ...policy,
  });
  app.addHook('onRequest', async (request) => checkOrigin(request));
  app.get('/thing', async () => ({ ok: true }));
  app.post('/thing', async () => ({ ok: true }));
  return async (headers: Record<string, string>, method: 'GET' | 'POST' = 'POST') => {
    const response = await app.inject({ method, url: '/thing', headers });
    return response.statusCode === 403
      ? { status: 403, ...response.json() }
      : { status: response.statusCode };
  };
}

describe('the security headers both servers send', () => {
  it('over plain HTTP: the strict policy, the one referrer policy, no upgrade and no HSTS', async () => {
    const headers = await withHeaders(false);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'none';object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self';img-src 'self' data: blob: https:;" +
        "font-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none'",
    );
    expect(headers['referrer-policy']).toBe(REFERRER_POLICY);
    expect(REFERRER_POLICY).toBe('same-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('over HTTPS: the same policy, insecure requests upgraded, and HSTS', async () => {
    const plain = await withHeaders(false);
    const secure = await withHeaders(true);
    const csp = String(secure['content-security-policy']).split(';');
    expect(csp.at(-1)).toBe('upgrade-insecure-requests');
    expect(csp.slice(0, -1).join(';')).toBe(plain['content-security-policy']);
    expect(secure['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(secure['referrer-policy']).toBe(REFERRER_POLICY);
  });

  it("adds a server's extra directives, which cannot loosen the strict ones", async () => {
    const headers = await withHeaders(false, {
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      scriptSrc: ['https:'],
    });
    const csp = String(headers['content-security-policy']).split(';');
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('script-src https:');
  });

  it('takes only sha256 hash sources from a build, never a value that would widen the policy', () => {
    expect(isCspHashSource('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=')).toBe(true);
    for (const value of [
      "sha256-x' 'unsafe-inline",
      'sha384-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
      "'unsafe-inline'",
      'sha256-',
      42,
      undefined,
    ]) {
      expect(isCspHashSource(value), String(value)).toBe(false);
    }
  });

  it('allows the inline styles and scripts named by their hashes, and nothing else inline', async () => {
    const app = Fastify();
    apps.push(app);
    const hash = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
    const script = 'sha256-n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=';
    await app.register(securityHeaders, {
      https: false,
      styleHashes: [hash],
      scriptHashes: [script],
    });
    app.get('/', async () => ({ ok: true }));
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.split(';')).toContain(`style-src 'self' '${hash}'`);
    expect(csp.split(';')).toContain(`script-src 'self' '${script}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('style-src-attr');
    expect(csp.split(';')).toContain("script-src-attr 'none'");
  });
});

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

describe('the security headers are exactly those helmet sets', () => {
  /** An answer's headers from an app with the security headers, and the same from helmet run per request. */
  async function bothWays(options: SecurityHeadersOptions, send: 'json' | 'error' = 'json') {
    const ours = Fastify();
    const helmets = Fastify();
    apps.push(ours, helmets);
    await ours.register(securityHeaders, options);
    const middleware = helmet(helmetOptions(options));
    helmets.addHook('onRequest', (request, reply, done) => {
      middleware(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    for (const app of [ours, helmets]) {
      app.get('/', async (_request, reply) => {
        if (send === 'error') throw Object.assign(new Error('no'), { statusCode: 409 });
        reply.header('cache-control', 'no-store');
        return { ok: true };
      });
    }
    const [mine, theirs] = (await Promise.all(
      [ours, helmets].map(async (app) => {
        const { headers, statusCode, body } = await app.inject({ url: '/' });
        const { date: _date, ...rest } = headers;
        return { statusCode, body, headers: rest };
      }),
    )) as [Answer, Answer];
    return { mine, theirs };
  }

  it.each([
    ['over HTTP', { https: false }],
    ['over HTTPS', { https: true }],
    ['with extra directives', { https: true, extraDirectives: { workerSrc: ["'self'"] } }],
  ])('%s, on an answer and on an error', async (_name, options: SecurityHeadersOptions) => {
    for (const send of ['json', 'error'] as const) {
      const { mine, theirs } = await bothWays(options, send);
      expect(Object.keys(mine.headers).length).toBeGreaterThan(12);
      expect(mine).toEqual(theirs);
    }
  });
});

describe('the origin guard', () => {
  const refused = {
    status: 403,
    code: 'FORBIDDEN_ORIGIN',
    message: 'This request must come from the app itself.',
  };

  it('takes a write from an allowed origin, and any read', async () => {
    const send = await guarded({});
    expect(await send({ origin: 'https://app.example' })).toEqual({ status: 200 });
    expect(await send({ origin: 'https://evil.example' }, 'GET')).toEqual({ status: 200 });
  });

  it('refuses a write that a browser calls cross-site, from a foreign origin or with none', async () => {
    const send = await guarded({});
    const cases: Record<string, string>[] = [
      { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'http://app.example' },
      { origin: 'null' },
      {},
    ];
    for (const headers of cases) {
      expect(await send(headers), JSON.stringify(headers)).toEqual(refused);
    }
  });

  it("takes no Origin when the policy allows it, and the request's own host when it says so", async () => {
    const send = await guarded({ requireOrigin: false, sameHost: true });
    expect(await send({})).toEqual({ status: 200 });
    // Behind a TLS-terminating proxy: the browser says https, the server sees plain HTTP.
    expect(await send({ origin: 'https://site.example', host: 'site.example' })).toEqual({
      status: 200,
    });
    expect(await send({ origin: 'https://other.example', host: 'site.example' })).toEqual(refused);
    expect(await send({ origin: 'not a url' })).toEqual(refused);
  });
});
