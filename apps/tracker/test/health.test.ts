import { connect, createServer, type Server, type Socket } from 'node:net';
import { HEALTH_API, NotReady, UPLOADS_PATH } from '@app/contracts';
import { holdPoint } from '@app/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { type RunningTracker, startTracker } from '../src/tracker.ts';
import { API_KEY, IMAGES } from './helpers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const LIVE = HEALTH_API.live.url;
const READY = HEALTH_API.ready.url;

async function expectNotReady(base: string, reason: NotReady['reason']) {
  const response = await fetch(`${base}${READY}`);
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(NotReady.parse(await response.json()).reason).toBe(reason);
}

async function expectReady(base: string) {
  const response = await fetch(`${base}${READY}`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ready' });
}

async function expectLive(base: string) {
  const response = await fetch(`${base}${LIVE}`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'live' });
}

describe('health for a load balancer, on the API and the front door', () => {
  const hold = holdPoint();
  let database: TestDatabase;
  let tracker: RunningTracker;
  let door: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    tracker = await startTracker({
      dataDir: database.dataDir,
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      apiKey: API_KEY,
      port: 0,
      publicPort: 0,
      env: {},
      storage: {
        // A photo whose answer is held: a request in flight when the drain and the close begin.
        get: async () => {
          await hold.wait();
          return { bytes: IMAGES.png, contentType: 'image/png', sha256: '0'.repeat(64) };
        },
        put: async () => {},
        remove: async () => {},
      },
    });
    door = tracker.frontDoorUrl ?? '';
  });
  afterAll(async () => {
    await tracker?.close();
    await database?.cleanup();
  });

  it('answers live and ready without an API key on both ports', async () => {
    for (const base of [tracker.url, door]) {
      await expectLive(base);
      await expectReady(base);
    }
  });

  it('drains: ready turns 503 at once, live stays 200, what arrives is served, in-flight finishes', async () => {
    const inFlight = fetch(`${tracker.url}${UPLOADS_PATH}/u/held.png`);
    await hold.arrived;

    tracker.drain();
    for (const base of [tracker.url, door]) {
      await expectNotReady(base, 'draining');
      await expectLive(base);
    }
    // A request the balancer sent before it saw the check fail is still answered, and its
    // connection closed so the next one goes elsewhere.
    const late = await fetch(`${tracker.url}/teams`, { headers: { 'x-api-key': API_KEY } });
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');

    // The held request is still in flight as the close begins, and the close waits for it.
    let answered = false;
    const settle = () => {
      answered = true;
    };
    inFlight.then(settle, settle);
    let closedYet = false;
    const closed = tracker.close().finally(() => {
      closedYet = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ answered, closedYet }).toEqual({ answered: false, closedYet: false });
    hold.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(IMAGES.png);
    await closed;
    await expect(fetch(`${tracker.url}${LIVE}`)).rejects.toThrow();
    await expect(fetch(`${door}${LIVE}`)).rejects.toThrow();
  });
});

/**
 * A TCP relay to PostgreSQL that the test can cut (every connection dropped, new ones refused)
 * and mend: the database becomes unreachable for the tracker behind it.
 */
async function relayTo(target: { hostname: string; port: string }) {
  const host = target.hostname;
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!onPostgres)('readiness follows the database (PostgreSQL)', () => {
  it('is 503 while the database is unreachable, live stays 200, and ready again once it is back', async () => {
    const database = await createTestDatabase();
    const url = new URL(database.databaseUrl ?? '');
    const relay = await relayTo(url);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const tracker = await startTracker({
      dataDir: database.dataDir,
      databaseUrl: url.toString(),
      apiKey: API_KEY,
      port: 0,
      publicPort: 0,
      env: {},
    });
    const door = tracker.frontDoorUrl ?? '';
    try {
      await expectReady(tracker.url);
      relay.cut();
      for (const base of [tracker.url, door]) {
        await expectNotReady(base, 'database-unreachable');
        await expectLive(base);
      }
      relay.mend();
      await expectReady(tracker.url);
      await expectReady(door);
    } finally {
      await tracker.close();
      await relay.close();
      await database.cleanup();
    }
  });
});

describe.skipIf(!onPostgres)('a lost database connection (PostgreSQL)', () => {
  it('fails the transaction that held it, and never takes the process down', async () => {
    const database = await createTestDatabase();
    const url = new URL(database.databaseUrl ?? '');
    const relay = await relayTo(url);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const opened = await openPostgres(url.toString(), 2);
    try {
      // A transaction holds its connection between two statements when the server goes away.
      const transaction = opened.db.transaction(async (tx) => {
        await tx.execute('SELECT 1');
        relay.cut();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute('SELECT 1');
      });
      await expect(transaction).rejects.toThrow();
      relay.mend();
      // The pool dropped the broken connection and opens a new one.
      await expect(opened.db.execute('SELECT 1')).resolves.toBeDefined();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await opened.close();
      await relay.close();
      await database.cleanup();
    }
  });
});
