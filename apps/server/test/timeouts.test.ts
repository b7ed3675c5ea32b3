import { connect } from 'node:net';
import { rawExchange } from '@app/server-kit/testing';
import { createTestDatabase } from '@app/tracker';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../src/start.ts';
import {
  buildTestSite,
  embeddedEnv,
  PNG,
  SITE_ORIGIN,
  STUB_API_KEY,
  startStubUpstream,
  stubbedEnv,
} from './helper.ts';

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('requests that never finish arriving, and unreadable ones', () => {
  let upstream: Awaited<ReturnType<typeof startStubUpstream>>;
  let site: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    upstream = await startStubUpstream(() => {});
    site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      env: { REQUEST_TIMEOUT_MS: '1500' },
    });
    await site.listen({ port: 0, host: '127.0.0.1' });
    const address = site.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await site?.close();
    await upstream?.close();
  });

  it('answers a body that stops coming with 408 in the JSON error shape, and closes', async () => {
    const answer = await rawExchange(
      port,
      'POST /api/feedback HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"name":',
    );
    const { status, headers, body } = parse(answer);
    expect(status).toBe(408);
    expect(body).toEqual({ message: expect.any(String), code: 'REQUEST_TIMEOUT' });
    expect(headers.connection).toBe('close');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers what the HTTP parser cannot read with 400 in the same shape and headers', async () => {
    const answer = await rawExchange(
      port,
      'GET / HTTP/1.1\r\nHost: localhost\r\nBroken header\r\n\r\n',
    );
    const { status, headers, body } = parse(answer);
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
    expect(headers['x-frame-options']).toBe('DENY');
  });
});

describe('shutting down', () => {
  it('answers new requests with 503 and Connection: close while it drains', async () => {
    const upstream = await startStubUpstream(() => {});
    const site = await startSite(stubbedEnv(upstream.url, { SHUTDOWN_DRAIN_MS: '800' }));
    const closed = site.close();
    const response = await fetch(`${site.url}/onboarding`);
    expect(response.status).toBe(503);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ code: 'SHUTTING_DOWN' });
    await closed;
    await expect(fetch(`${site.url}/onboarding`)).rejects.toThrow();
    await upstream.close();
  });

  it('finishes closing after busy keep-alive reads through the proxy to its own tracker', async () => {
    const database = await createTestDatabase();
    try {
      const site = await startSite(
        embeddedEnv(database, { PROXY_CACHE_MS: '0', SHUTDOWN_DRAIN_MS: '0' }),
      );
      const reads = Array.from({ length: 20 }, (_, i) =>
        fetch(`${site.url}/api/proxy/${i % 2 ? 'teams' : 'focus-areas'}`).then(
          (r) => r.text(),
          () => 'no answer',
        ),
      );
      await Promise.all(reads.slice(0, 5));
      // Without closing the tracker's keep-alive connections this waits out their time-out (72 s),
      // far past this test's limit.
      await site.close();
      await Promise.allSettled(reads);
    } finally {
      await database.cleanup();
    }
  }, 120_000);
});

describe('an upload the client gives up on', () => {
  it('is logged as a client abort, not as a failed request', async () => {
    const lines: string[] = [];
    const upstream = await startStubUpstream(() => {});
    const site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      log: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await site.listen({ port: 0, host: '127.0.0.1' });
      const address = site.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const cookie = `ap_session=${encodeURIComponent(site.signCookie(`7.${Math.floor(Date.now() / 1000)}`))}`;
      const boundary = 'abortBoundary';
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /api/users/7/profile HTTP/1.1\r\nHost: localhost\r\nOrigin: ${SITE_ORIGIN}\r\n` +
          `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          'Content-Length: 100000\r\n\r\n' +
          `--${boundary}\r\nContent-Disposition: form-data; name="photoFile"; filename="me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      );
      socket.write(PNG);
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.destroy();
      const seen = () => lines.some((line) => line.includes('client aborted the request'));
      for (let i = 0; i < 100 && !seen(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(seen()).toBe(true);
      const errors = lines.filter((line) => JSON.parse(line).level >= 50);
      expect(errors).toEqual([]);
    } finally {
      await site.close();
      await upstream.close();
    }
  });
});
