import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startBuilt } from '@app/server-kit/testing';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeArgs } from '../scripts/start-command.ts';
import { STUB_API_KEY, startStubUpstream, TEST_SECRET, WEB_FIXTURE } from './helper.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

const READERS = 8;
const SIGTERMS = 3;
/** Short, so the test stays quick; long enough for every reader to be answered during it. */
const DRAIN_MS = 300;
/** Public routes a browser reads: pages, and an API read the site proxies to its tracker. */
const ROUTES = ['/', '/api/proxy/focus-areas', '/pricing'];

interface Tally {
  answered: number;
  /** Answers after the SIGTERM, and those that said their connection closes. */
  afterSigterm: number;
  closing: number;
  /** 503 answers, with their bodies. */
  unavailable: string[];
  /** Every failure other than a refused connection (the listener closed): resets, hang-ups. */
  dropped: string[];
  refused: number;
}

/**
 * Starts the built server, has READERS clients loop on keep-alive connections, sends SIGTERM, and
 * tallies what the readers saw until the process exited.
 */
async function sigtermUnderReaders(env: Record<string, string>) {
  const { child, url } = startBuilt(serverDir, siteNodeArgs(), /Site ready on (http:\/\/[^\s"]+)/, {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST: WEB_FIXTURE,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // Load shedding answers 503 whenever this busy test machine lags; it is tested on its own.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMIT_READ_MAX: '1000000',
    ...env,
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  const base = await url;
  // A connection of its own for each reader, used again at once after each answer: in one shared
  // pool a connection the readers happened not to pick for a second was dropped as idle (as it
  // should be) just as one of them picked it, the race any keep-alive client meets and a browser
  // answers by sending the request again.
  const agents = Array.from(
    { length: READERS },
    () => new Agent({ keepAliveTimeout: 60_000, connections: 1 }),
  );
  const tally: Tally = {
    answered: 0,
    afterSigterm: 0,
    closing: 0,
    unavailable: [],
    dropped: [],
    refused: 0,
  };
  let sigtermSent = false;
  const reader = async (i: number) => {
    for (let n = 0; !exited; n++) {
      try {
        const answer = await request(`${base}${ROUTES[(i + n) % ROUTES.length]}`, {
          dispatcher: agents[i],
        });
        const body = await answer.body.text();
        tally.answered++;
        if (sigtermSent) {
          tally.afterSigterm++;
          if (answer.headers.connection === 'close') tally.closing++;
        }
        if (answer.statusCode === 503) tally.unavailable.push(body);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ECONNREFUSED') {
          tally.refused++;
          await new Promise((resolve) => setTimeout(resolve, 5));
        } else {
          tally.dropped.push(`${code}: ${(error as Error).message}`);
        }
      }
    }
  };
  const readers = Array.from({ length: READERS }, (_, i) => reader(i));
  // Every reader has its keep-alive connection before the SIGTERM.
  while (tally.answered < READERS * 10) await new Promise((resolve) => setTimeout(resolve, 10));
  child.kill('SIGTERM');
  sigtermSent = true;
  // A balancer is told once the signal is handled (its check on a connection of its own).
  const checker = new Agent();
  let readiness: { status: number; body: unknown } | undefined;
  while (!exited && readiness?.status !== 503) {
    const ready = await request(`${base}/health/ready`, { dispatcher: checker });
    readiness = { status: ready.statusCode, body: await ready.body.json() };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const code = await exit;
  await Promise.all(readers);
  await Promise.all([...agents.map((agent) => agent.close()), checker.close()]);
  return { code, tally, readiness };
}

describe('SIGTERM under keep-alive readers', () => {
  // A stand-in tracker in this process: the site starts in a moment, so several SIGTERMs stay quick.
  let tracker: Awaited<ReturnType<typeof startStubUpstream>>;
  beforeAll(async () => {
    // The build `pnpm test` made before the tests; made here when missing (this file alone).
    if (!existsSync(join(serverDir, 'dist', 'server.js'))) {
      await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
    }
    tracker = await startStubUpstream((stub) => {
      stub.get('/health/live', async () => ({ status: 'live' }));
      stub.get('/focus-areas', async () => ({ focusAreas: [] }));
    });
  });
  afterAll(async () => {
    await tracker.close();
  });

  it(`drops no connection and refuses no request, ${SIGTERMS} times over`, async () => {
    for (let run = 0; run < SIGTERMS; run++) {
      const { code, tally, readiness } = await sigtermUnderReaders({
        TRACKER_API_URL: tracker.url,
        TRACKER_API_KEY: STUB_API_KEY,
        SESSION_SECRET: TEST_SECRET,
      });
      expect(code).toBe(0);
      expect(readiness).toMatchObject({ status: 503, body: { reason: 'draining' } });
      expect(tally.dropped, `dropped: ${tally.dropped.join('; ')}`).toEqual([]);
      expect(tally.unavailable, `503: ${tally.unavailable.join('; ')}`).toEqual([]);
      // The drain served: answers came after the SIGTERM, saying their connection closes.
      expect(tally.afterSigterm).toBeGreaterThan(READERS);
      expect(tally.closing).toBeGreaterThan(0);
    }
  }, 60_000);
});
