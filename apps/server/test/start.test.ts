import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { StatusResponse } from '@app/contracts';
import { createTestDatabase } from '@app/tracker';
import { describe, expect, it } from 'vitest';
import { startSite } from '../src/start.ts';
import { embeddedEnv, startStubUpstream, stubbedEnv } from './helper.ts';

describe('startSite', () => {
  it('starts the tracker in-process when no TRACKER_API_URL is set, and closes it', async () => {
    const database = await createTestDatabase();
    const env = embeddedEnv(database);
    try {
      const site = await startSite(env);
      const status = StatusResponse.parse(await (await fetch(`${site.url}/api/status`)).json());
      expect(status.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(status.testConnection).toMatchObject({ success: true, status: 200 });
      expect(status.apiKeyLength).toBe(28);
      const page = await fetch(`${site.url}/onboarding`);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const secret = await stat(join(database.dataDir, 'session-secret'));
      expect(secret.mode & 0o777).toBe(0o600);
      await site.close();
      // The data directory is free again: a second start on it succeeds.
      const again = await startSite(env);
      await again.close();
    } finally {
      await database.cleanup();
    }
  });

  it('lets in-flight requests finish on close, then stops', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const upstream = await startStubUpstream((stub) => {
      stub.get('/focus-areas', async () => {
        release();
        await new Promise((resolve) => setTimeout(resolve, 200));
        return { focusAreas: [] };
      });
    });
    const site = await startSite(stubbedEnv(upstream.url));
    const inFlight = fetch(`${site.url}/api/status`);
    await arrived;
    await site.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(StatusResponse.parse(await response.json()).testConnection.success).toBe(true);
    await expect(fetch(`${site.url}/api/status`)).rejects.toThrow();
    await upstream.close();
  });
});
