import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase } from '@app/tracker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_FIXTURE } from './helper.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs dist/server.js with Node and resolves with the URL it reports once it listens. */
function startBuilt(env: Record<string, string>): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Site ready on (http:\/\/[^\s"]+)/.exec(output);
      if (ready?.[1]) resolve(ready[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

describe('the compiled server', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('runs with plain Node, with the embedded tracker, its migrations and seed photos', async () => {
    const { child, url } = startBuilt({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: WEB_FIXTURE,
      TRACKER_DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    try {
      const base = await url;
      const teams = await fetch(`${base}/api/proxy/teams`);
      expect(teams.status).toBe(200);
      const list = (await teams.json()) as { members: { user?: { image?: string } }[] }[];
      expect(list.length).toBeGreaterThan(0);
      const image = list.flatMap((team) => team.members).find((m) => m.user?.image)?.user?.image;
      expect(image).toBeDefined();
      const photo = await fetch(`${base}/uploads/${image}`);
      expect(photo.status).toBe(200);
      const page = await fetch(`${base}/pricing`);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
