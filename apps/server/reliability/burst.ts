/**
 * Latency of the site while people sign up: p50/p99 of GET / and GET /api/proxy/teams (gzip)
 * when idle, then while sign-ups run as fast as the password hashing lets them. Prints a table;
 * asserts nothing. The load generator shares the machine's cores with the server, so compare the
 * rows of one run, not runs.
 *
 *   pnpm --filter @app/server burst        (BURST_SECONDS=5, BURST_SIGNUPS=8 concurrent, PORT 3201)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signupRequest, startSiteProcess } from './site-process.ts';

const seconds = Number(process.env.BURST_SECONDS ?? 5);
const signupConcurrency = Number(process.env.BURST_SIGNUPS ?? 8);
const port = Number(process.env.BURST_PORT ?? 3201);

interface Row {
  scenario: string;
  'req/s': number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
}

export async function measureBurst(databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-burst-'));
  const site = await startSiteProcess({
    port,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const rows: Row[] = [];
  const read = async (label: string, url: string, headers: Record<string, string> = {}) => {
    const result = await autocannon({ url, connections: 10, duration: seconds, headers });
    rows.push({
      scenario: label,
      'req/s': Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      non2xx: result.non2xx,
    });
  };
  const gzip = { 'accept-encoding': 'gzip' };
  const signups = { created: 0, busy: 0, failed: 0 };
  try {
    await read('GET / (idle)', `${site.url}/`);
    await read('GET /api/proxy/teams, gzip (idle)', `${site.url}/api/proxy/teams`, gzip);

    let running = true;
    const started = Date.now();
    const loops = Array.from({ length: signupConcurrency }, async () => {
      while (running) {
        const { init } = signupRequest(site.url);
        const response = await fetch(`${site.url}/api/users`, init).catch(() => null);
        await response?.arrayBuffer();
        if (response?.status === 201) signups.created += 1;
        else if (response?.status === 503) signups.busy += 1;
        else signups.failed += 1;
      }
    });
    await read('GET / (during sign-ups)', `${site.url}/`);
    await read('GET /api/proxy/teams, gzip (during sign-ups)', `${site.url}/api/proxy/teams`, gzip);
    running = false;
    await Promise.all(loops);
    const elapsed = (Date.now() - started) / 1000;
    return {
      rows,
      signups: { ...signups, perSecond: Math.round((signups.created / elapsed) * 10) / 10 },
    };
  } finally {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, signups } = await measureBurst(process.env.BURST_DATABASE_URL);
  console.table(rows);
  const ratio = (name: string) => {
    const idle = rows.find((r) => r.scenario === `${name} (idle)`);
    const busy = rows.find((r) => r.scenario === `${name} (during sign-ups)`);
    return idle && busy ? `${(busy.p99_ms / Math.max(1, idle.p99_ms)).toFixed(2)}x` : 'n/a';
  };
  console.log(
    `sign-ups during the load: ${signups.created} created (${signups.perSecond}/s), ` +
      `${signups.busy} answered 503 busy, ${signups.failed} other`,
  );
  console.log(
    `p99 during sign-ups vs idle: GET / ${ratio('GET /')}, ` +
      `GET /api/proxy/teams ${ratio('GET /api/proxy/teams, gzip')}`,
  );
}
