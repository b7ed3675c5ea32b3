import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildServer } from '../src/build.ts';
import { loadEnv } from '../src/env.ts';

export const WEB_FIXTURE = fileURLToPath(new URL('./fixtures/web', import.meta.url));
export const TEST_SECRET = 'test-session-secret-of-at-least-32-chars';

export interface TestSiteOptions {
  tracker: { url: string; apiKey: string };
  env?: Record<string, string>;
  log?: { level?: string; stream?: { write(line: string): void } };
}

/** The site as it runs in production, pointed at the given tracker, ready for inject(). */
export async function buildTestSite({ tracker, env = {}, log }: TestSiteOptions) {
  const config = {
    env: loadEnv({
      NODE_ENV: 'test',
      WEB_DIST: WEB_FIXTURE,
      TRACKER_API_URL: tracker.url,
      TRACKER_API_KEY: tracker.apiKey,
      LOG_LEVEL: 'silent',
      ...env,
    }),
    tracker,
    sessionSecret: TEST_SECRET,
  };
  return buildServer({ config, log });
}

/** A stand-in upstream on loopback, for behaviour a real tracker will not show (down, slow). */
export async function startStubUpstream(
  setup: (stub: FastifyInstance) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const stub = Fastify();
  setup(stub);
  const url = await stub.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => stub.close() };
}

/** Headers of a same-origin JSON call as the web app makes it. */
export const JSON_HEADERS = { 'content-type': 'application/json', origin: 'http://localhost:80' };
