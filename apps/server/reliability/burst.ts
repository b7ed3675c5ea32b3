/**
 * Latency of the site while people sign up: p50/p99 of GET / and GET /api/proxy/teams (compressed)
 * when idle and while a burst of concurrent sign-ups runs as fast as the password hashing lets it.
 * Idle and burst windows alternate for a few rounds and each figure is the median over the
 * rounds, so that load from elsewhere on the machine falls on both sides alike. The sign-ups come
 * from a process of their own (signup-load.ts), so they do not slow the measuring event loop. Prints a table;
 * asserts nothing. The load generator shares the machine's cores with the server, so compare the
 * rows of one run, not runs.
 *
 *   pnpm --filter @app/server burst
 *     BURST_SIGNUPS=30 concurrent sign-ups, BURST_ROUNDS=3, BURST_SECONDS=3 per window,
 *     BURST_PORT=3201, BURST_DATABASE_URL (PostgreSQL; PGlite when unset)
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startSiteProcess } from './site-process.ts';

const SIGNUP_LOAD = fileURLToPath(new URL('./signup-load.ts', import.meta.url));

const seconds = Number(process.env.BURST_SECONDS ?? 3);
const rounds = Number(process.env.BURST_ROUNDS ?? 3);
const signupConcurrency = Number(process.env.BURST_SIGNUPS ?? 30);
const port = Number(process.env.BURST_PORT ?? 3201);

interface Row {
  scenario: string;
  'req/s': number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
  /** Requests that got no answer (connection errors, time-outs): they have no latency. */
  errors: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function measureBurst(databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-burst-'));
  const site = await startSiteProcess({
    port,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const samples = new Map<string, Row[]>();
  const read = async (label: string, url: string, headers: Record<string, string> = {}) => {
    const result = await autocannon({ url, connections: 10, duration: seconds, headers });
    const list = samples.get(label) ?? [];
    list.push({
      scenario: label,
      'req/s': Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
    samples.set(label, list);
  };
  // As browsers ask: the site then answers with brotli.
  const compressed = { 'accept-encoding': 'gzip, br' };
  const signups = { created: 0, busy: 0, failed: 0 };
  const otherStatuses: Record<string, number> = {};
  let burstMs = 0;

  /** Sign-ups as fast as they are answered, from `signupConcurrency` browsers, while `measure` runs. */
  const duringSignups = async (measure: () => Promise<void>) => {
    const started = Date.now();
    const load = fork(SIGNUP_LOAD, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        SIGNUP_LOAD_URL: site.url,
        SIGNUP_LOAD_CONCURRENCY: String(signupConcurrency),
      },
    });
    const answered = new Promise<typeof signups & { otherStatuses: Record<string, number> }>(
      (resolve, reject) => {
        load.on('message', (message) => {
          if (typeof message === 'object') resolve(message as never);
        });
        load.once('exit', (code) => reject(new Error(`the sign-up load exited with ${code}`)));
      },
    );
    await new Promise<void>((resolve) => load.once('message', () => resolve()));
    try {
      // The queue fills first, then the measurement starts.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await measure();
    } finally {
      load.send('stop');
      const counts = await answered;
      signups.created += counts.created;
      signups.busy += counts.busy;
      signups.failed += counts.failed;
      for (const [status, n] of Object.entries(counts.otherStatuses)) {
        otherStatuses[status] = (otherStatuses[status] ?? 0) + n;
      }
      burstMs += Date.now() - started;
    }
  };

  try {
    for (let round = 0; round < rounds; round += 1) {
      await read('GET / (idle)', `${site.url}/`);
      await duringSignups(() => read('GET / (during sign-ups)', `${site.url}/`));
      await read(
        'GET /api/proxy/teams, gzip, br (idle)',
        `${site.url}/api/proxy/teams`,
        compressed,
      );
      await duringSignups(() =>
        read(
          'GET /api/proxy/teams, gzip, br (during sign-ups)',
          `${site.url}/api/proxy/teams`,
          compressed,
        ),
      );
    }
    const rows = [...samples.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([scenario, list]): Row & { p99_each_ms: string } => ({
        scenario,
        'req/s': Math.round(median(list.map((r) => r['req/s']))),
        p50_ms: median(list.map((r) => r.p50_ms)),
        p99_ms: median(list.map((r) => r.p99_ms)),
        p99_each_ms: list.map((r) => r.p99_ms).join(' / '),
        non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
        errors: list.reduce((sum, r) => sum + r.errors, 0),
      }));
    return {
      rows,
      signups: {
        ...signups,
        otherStatuses,
        perSecond: Math.round((signups.created / (burstMs / 1000)) * 10) / 10,
      },
    };
  } finally {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** "GET / 1.4x": p99 during sign-ups over p99 idle, per endpoint. */
export function p99Ratios(rows: Row[]): string {
  const ratio = (name: string) => {
    const idle = rows.find((r) => r.scenario === `${name} (idle)`);
    const busy = rows.find((r) => r.scenario === `${name} (during sign-ups)`);
    return idle && busy ? `${(busy.p99_ms / Math.max(1, idle.p99_ms)).toFixed(2)}x` : 'n/a';
  };
  return `GET / ${ratio('GET /')}, GET /api/proxy/teams ${ratio('GET /api/proxy/teams, gzip, br')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const store = process.env.BURST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `${store}: ${rounds} rounds of ${seconds} s idle and ${seconds} s during ` +
      `${signupConcurrency} concurrent sign-ups; medians over the rounds`,
  );
  const { rows, signups } = await measureBurst(process.env.BURST_DATABASE_URL);
  console.table(rows);
  console.log(
    `sign-ups during the load: ${signups.created} created (${signups.perSecond}/s), ` +
      `${signups.busy} answered 503 busy, ${signups.failed} other ${JSON.stringify(signups.otherStatuses)}`,
  );
  console.log(`p99 during sign-ups vs idle: ${p99Ratios(rows)}`);
}
