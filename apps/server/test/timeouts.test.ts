import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOADS_PATH } from '@app/contracts';
import { IDLE_DROP_MS } from '@app/server-kit';
import { holdPoint, rawExchange } from '@app/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSite } from '../src/start.ts';
import {
  buildTestSite,
  PNG,
  SITE_ORIGIN,
  STUB_API_KEY,
  startStubUpstream,
  startTestTracker,
  stubbedEnv,
  WEB_FIXTURE,
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

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/**
 * A keep-alive GET whose handler is held while `close` begins: its answer must close its
 * connection (Connection: close), else the connection goes idle after the close began and holds
 * it for the keep-alive time-out (72 s).
 */
async function expectAnswerClosesItsConnection(
  app: FastifyInstance,
  url: string,
  hold: ReturnType<typeof holdPoint>,
  close: () => Promise<void>,
) {
  const client = connect(portOf(app), '127.0.0.1');
  let received = '';
  client.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  try {
    client.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await hold.arrived;
    const closed = close();
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    hold.release();
    await vi.waitFor(() => expect(received).toMatch(/\r\n\r\n/));
    const head = received.slice(0, received.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toMatch(/^http\/1\.1 200/);
    expect(head).toContain('connection: close');
    await closed;
  } finally {
    client.destroy();
  }
}

/** Far more than loopback's socket buffers hold, so its answer is still being sent while unread. */
const BIG = Buffer.alloc(64 * 1024 * 1024, 1);

/**
 * A keep-alive GET whose reader stops after the first bytes, as a slow client does: its answer
 * has started (and gone through every hook) when `close` is called, and ends after that; then the
 * connection is idle, and Node's keep-alive time-out (72 s) would hold the close. It is not
 * dropped the moment it goes idle (a client's next request may be on its way: it would be reset),
 * but at the first check once it has been idle for IDLE_DROP_MS. The checks run on fake time.
 */
async function expectClosingDropsSlowReader(
  app: FastifyInstance,
  url: string,
  close: () => Promise<void>,
) {
  const serverSockets: Socket[] = [];
  app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  let answerSent!: () => void;
  const sent = new Promise<void>((resolve) => {
    answerSent = resolve;
  });
  app.server.on('request', (_request, response) => response.on('finish', answerSent));
  const client = connect(portOf(app), '127.0.0.1');
  let head = '';
  const started = new Promise<void>((resolve) => {
    client.on('data', (chunk: Buffer) => {
      if (head) return;
      head = chunk.toString('latin1', 0, chunk.indexOf('\r\n\r\n'));
      client.pause();
      resolve();
    });
  });
  client.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  await started;
  expect(head).toMatch(/^HTTP\/1\.1 200/);
  expect(head.toLowerCase()).not.toContain('connection: close');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const closed = close();
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    client.resume();
    await sent;
    const [socket] = serverSockets;
    expect(socket?.destroyed).toBe(false);
    vi.advanceTimersByTime(200);
    expect(socket?.destroyed, 'a connection idle for a moment is kept').toBe(false);
    await new Promise((resolve) => setTimeout(resolve, IDLE_DROP_MS));
    vi.advanceTimersByTime(200);
    expect(socket?.destroyed, 'a connection idle for IDLE_DROP_MS is dropped').toBe(true);
    await closed;
  } finally {
    vi.useRealTimers();
    client.destroy();
  }
}

describe('requests that never finish arriving, and unreadable ones', () => {
  let upstream: Awaited<ReturnType<typeof startStubUpstream>>;
  let site: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    upstream = await startStubUpstream(() => {});
    site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      // A short budget, so no test here waits a second.
      env: { REQUEST_TIMEOUT_MS: '600' },
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

describe('a client that trickles its headers', () => {
  it('has its connection closed after the headers budget, long before the whole-request one', async () => {
    const upstream = await startStubUpstream(() => {});
    // 60 s for the whole request (the default), 200 ms for the headers: only the headers budget
    // can answer within the test's time.
    const site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      env: { HEADERS_TIMEOUT_MS: '200' },
    });
    try {
      await site.listen({ port: 0, host: '127.0.0.1' });
      const answer = await rawExchange(
        portOf(site),
        'GET /api/status HTTP/1.1\r\nHost: localhost\r\nX-Slow: still typ',
      );
      expect(parse(answer).status).toBe(408);
    } finally {
      await site.close();
      await upstream.close();
    }
  }, 10_000);
});

describe('shutting down', () => {
  it('while it drains, says not ready and still serves what arrives, closing its connection', async () => {
    const upstream = await startStubUpstream((stub) => {
      stub.get('/health/live', async () => ({ status: 'live' }));
      stub.post('/onboarding', async (_request, reply) => reply.code(201).send({ message: 'ok' }));
    });
    const site = await startSite(stubbedEnv(upstream.url));
    try {
      expect((await fetch(`${site.url}/health/ready`)).status).toBe(200);
      site.drain();
      const ready = await fetch(`${site.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toMatchObject({ status: 'not-ready', reason: 'draining' });
      expect((await fetch(`${site.url}/health/live`)).status).toBe(200);
      const page = await fetch(`${site.url}/onboarding`);
      expect(page.status).toBe(200);
      expect(page.headers.get('connection')).toBe('close');
      // A write too, with a session cookie: served as usual, never a 500.
      const write = await fetch(`${site.url}/api/onboarding`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'ap_session=x' },
        body: JSON.stringify({ category: 'work', focusArea: 'Employee' }),
      });
      expect(write.status).toBe(201);
      expect(write.headers.get('connection')).toBe('close');
      await site.close({ drainMs: 0 });
      await expect(fetch(`${site.url}/onboarding`)).rejects.toThrow();
    } finally {
      await upstream.close();
    }
  });

  it('drops a keep-alive connection whose answer was still being sent when closing began', async () => {
    const web = await mkdtemp(path.join(tmpdir(), 'site-web-'));
    await cp(WEB_FIXTURE, web, { recursive: true });
    await writeFile(path.join(web, 'big.png'), BIG);
    const upstream = await startStubUpstream(() => {});
    const site = await startSite(
      stubbedEnv(upstream.url, { WEB_DIST: web, SHUTDOWN_DRAIN_MS: '0' }),
    );
    try {
      await expectClosingDropsSlowReader(site.server, '/big.png', () => site.close());
    } finally {
      await upstream.close();
      await rm(web, { recursive: true, force: true });
    }
  });

  it('closes the connection of an answer that was under way when closing began', async () => {
    const hold = holdPoint();
    const upstream = await startStubUpstream((stub) => {
      stub.get('/focus-areas', async () => {
        await hold.wait();
        return [];
      });
    });
    const site = await startSite(stubbedEnv(upstream.url, { SHUTDOWN_DRAIN_MS: '0' }));
    try {
      await expectAnswerClosesItsConnection(site.server, '/api/proxy/focus-areas', hold, () =>
        site.close(),
      );
    } finally {
      await upstream.close();
    }
  });

  it('the tracker, too, closes the connection of an answer under way when closing began', async () => {
    const hold = holdPoint();
    const tracker = await startTestTracker({
      storage: {
        get: async () => {
          await hold.wait();
          return { bytes: PNG, contentType: 'image/png', sha256: '0'.repeat(64) };
        },
        put: async () => {},
        remove: async () => {},
      },
    });
    try {
      await expectAnswerClosesItsConnection(
        tracker.running.app,
        `${UPLOADS_PATH}/u/photo.png`,
        hold,
        () => tracker.close(),
      );
    } finally {
      await tracker.close();
    }
  });
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
      // A session (id.userId.issuedAt) that made account 7.
      const session = `${'s'.repeat(22)}.7.${Math.floor(Date.now() / 1000)}`;
      const cookie = `ap_session=${encodeURIComponent(site.signCookie(session))}`;
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
