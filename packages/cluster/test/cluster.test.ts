/**
 * The product as it runs on several machines, tested through the balancer: HAProxy in front of two
 * site servers, two trackers on one PostgreSQL database and Redis. Each case prints its figures.
 * Bounded: every load loop stops by count or by the end of the step it accompanies; loopback only.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { TeamView } from '@app/contracts';
import { UPLOADS_PATH } from '@app/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, PRODUCT_PROCESSES } from '../src/cluster.ts';
import { portBase } from './ports.ts';
import { closeAgents, Ledger, uniqueEmail, Visitor, walkOnboarding } from './visitors.ts';

const log = (line: string) => console.log(`[cluster] ${line}`);

/** The `for:` of every alert rule in this cluster (deploy/alerts.yml says minutes). */
const ALERT_FOR_SECONDS = 5;

let cluster: Cluster;
let db: pg.Client;
/** Teams large enough that walks never run out of seats. */
let roomyTeams: string[] = [];

async function makeTeam(name: string, capacity: number): Promise<string> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO teams (name, focus_area_id, focus_role_id, capacity)
     VALUES ($1, (SELECT min(id) FROM focus_areas), (SELECT min(id) FROM role_areas), $2)
     RETURNING id`,
    [name, capacity],
  );
  return String(rows[0]?.id);
}

const roomy = (teams: TeamView[]) => {
  const open = teams.filter((t) => roomyTeams.includes(t.id) && (t.openSeats ?? 0) > 0);
  return open[Math.floor(Math.random() * open.length)];
};

/** Requests each HAProxy server has taken since `before`. */
async function taken(before: Record<string, { total: number }>): Promise<Record<string, number>> {
  const now = await cluster.serverStates();
  return Object.fromEntries(
    Object.entries(now).map(([name, s]) => [name, s.total - (before[name]?.total ?? 0)]),
  );
}
const split = (t: Record<string, number>, names: string[]) =>
  names.map((n) => `${n} ${t[n] ?? 0}`).join(', ');

/** Runs `walkers` visitors walking the onboarding again and again until `done` resolves. */
async function walkUntil(opts: {
  walkers: number;
  address: (i: number) => string;
  ledger: Ledger;
  done: Promise<unknown>;
  tag: string;
  pauseMs: number;
  onSignUp?: (r: { userId: string; email: string }) => void;
}): Promise<number> {
  let stopped = false;
  void opts.done.finally(() => {
    stopped = true;
  });
  let walks = 0;
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, opts.pauseMs));
  await Promise.all(
    Array.from({ length: opts.walkers }, async (_, i) => {
      for (let n = 0; !stopped; n++) {
        const visitor = new Visitor({
          siteUrl: cluster.siteUrl,
          localAddress: opts.address(i),
          ledger: opts.ledger,
        });
        try {
          const r = await walkOnboarding(visitor, roomy, `${opts.tag}-${i}-${n}`, pause);
          opts.onSignUp?.({ userId: String(r.userId), email: r.email });
          walks++;
        } catch {
          // Recorded in the ledger; the walker starts again with a new browser, after a pause.
          await pause();
        }
      }
    }),
  );
  return walks;
}

beforeAll(async () => {
  const started = Date.now();
  cluster = await Cluster.start({
    basePort: await portBase(),
    ...(process.env.CLUSTER_DIR ? { dir: process.env.CLUSTER_DIR } : {}),
    ...(process.env.CLUSTER_ADMIN_DATABASE_URL
      ? { adminDatabaseUrl: process.env.CLUSTER_ADMIN_DATABASE_URL }
      : {}),
    ...(process.env.CLUSTER_REDIS_URL ? { redisUrl: process.env.CLUSTER_REDIS_URL } : {}),
    // HAProxy takes a draining process out within about 1.25 s (a check a second, then a second
    // failed one 250 ms later: `fall 2`); 2.5 s of draining keeps twice that, where the product's
    // 5 s default only makes each restart and the final stop wait longer.
    env: { SHUTDOWN_DRAIN_MS: '2500' },
    // Scraped every second, and an alert fires after 5 s rather than deploy/alerts.yml's minutes.
    monitoring: { interval: '1s', alertFor: `${ALERT_FOR_SECONDS}s` },
    say: log,
  });
  db = await cluster.sql();
  roomyTeams = [
    await makeTeam('Cluster Crew A', 2000),
    await makeTeam('Cluster Crew B', 2000),
    await makeTeam('Cluster Crew C', 2000),
  ];
  log(
    `up in ${Date.now() - started} ms: site ${cluster.siteUrl}, front door ${cluster.frontDoorUrl}, ` +
      `tracker ${cluster.trackerCommand.includes('tsx') ? 'from source (tsx)' : 'compiled'}`,
  );
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await closeAgents();
  await cluster?.stop({ keepFiles: process.env.CLUSTER_KEEP === '1' });
}, 120_000);

describe('two of everything behind HAProxy', () => {
  it('Prometheus scrapes every site and tracker, each target up', async () => {
    const started = Date.now();
    let targets: Awaited<ReturnType<typeof cluster.prometheusTargets>> = [];
    while (Date.now() - started < 30_000) {
      targets = await cluster.prometheusTargets();
      if (targets.length === 4 && targets.every((t) => t.health === 'up')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    log(`Prometheus: ${targets.map((t) => `${t.server} ${t.health}`).join(', ')}`);
    expect(targets.map((t) => [t.server, t.health, t.lastError]).sort()).toEqual([
      ['site1', 'up', ''],
      ['site2', 'up', ''],
      ['tracker1', 'up', ''],
      ['tracker2', 'up', ''],
    ]);
    // What it scraped is the product's: the sites' HTTP series, the trackers' own.
    const text = await (await fetch(cluster.metricsUrl('tracker2'))).text();
    expect(text).toContain('tracker_active_members');
  });

  it('60 prospects walk the onboarding at once, none refused, each account and join request stored once', async () => {
    const ledger = new Ledger();
    const before = await cluster.serverStates();
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        walkOnboarding(
          new Visitor({ siteUrl: cluster.siteUrl, localAddress: '127.0.0.2', ledger }),
          roomy,
          `p${i}`,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const walked = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const t = await taken(before);
    log(
      `60 prospects from one address: ${walked.length} signed up in ${seconds.toFixed(1)} s; ` +
        `${ledger.summary()}; ${(ledger.outcomes.length / seconds).toFixed(0)} requests/s, ` +
        `${(walked.length / seconds).toFixed(1)} sign-ups/s; ` +
        `sites: ${split(t, ['site1', 'site2'])}; trackers: ${split(t, ['tracker1', 'tracker2'])}`,
    );
    expect(ledger.failed.length, ledger.summary()).toBe(0);
    expect(walked).toHaveLength(60);
    const emails = walked.map((w) => w.email);
    const { rows } = await db.query<{ email: string; accounts: number; requests: number }>(
      `SELECT u.email, count(DISTINCT u.id)::int AS accounts, count(j.id)::int AS requests
       FROM users u LEFT JOIN join_requests j ON j.user_id = u.id
       WHERE u.email = ANY($1) GROUP BY u.email`,
      [emails],
    );
    expect(rows).toHaveLength(60);
    expect(rows.filter((r) => r.accounts !== 1 || r.requests !== 1)).toEqual([]);
  }, 120_000);

  it('N+5 racing holds on a team with N open seats grant exactly N, over both sites', async () => {
    const seats = 4;
    const teamId = await makeTeam('Race Team', seats);
    const ledger = new Ledger();
    const racers = Array.from(
      { length: seats + 5 },
      () => new Visitor({ siteUrl: cluster.siteUrl, localAddress: '127.0.0.3', ledger }),
    );
    const outcomes = await Promise.allSettled(
      racers.map((v) => v.call('POST holds', (api) => api.createHold(teamId))),
    );
    const granted = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = ledger.failed.filter((f) => f.status === 409 && f.code === 'TEAM_FULL');
    const instances = new Set(racers.map((v) => v.instance));
    const { rows } = await db.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM holds WHERE team_id = $1 AND expires_at > now()',
      [teamId],
    );
    log(
      `${seats + 5} holds raced for ${seats} seats through ${[...instances].join(' and ')}: ` +
        `${granted} granted, ${refused.length} refused TEAM_FULL, ${rows[0]?.live} live in the database`,
    );
    expect(granted).toBe(seats);
    expect(refused).toHaveLength(5);
    expect(ledger.failed).toHaveLength(5);
    expect(rows[0]?.live).toBe(seats);
    expect(instances.size).toBe(2);
  }, 60_000);

  it('a photo uploaded through one tracker is served by every tracker', async (context) => {
    const { rows } = await db.query<{ stored: boolean }>(
      `SELECT to_regclass('public.photos') IS NOT NULL AS stored`,
    );
    if (!rows[0]?.stored) {
      const reason =
        'pending: photos are kept on the disk of the tracker that received them until they ' +
        'are stored in PostgreSQL (a photos table); this case runs once that is on main';
      log(reason);
      context.skip(reason);
      return;
    }
    const ledger = new Ledger();
    const visitor = new Visitor({ siteUrl: cluster.siteUrl, localAddress: '127.0.0.5', ledger });
    const walked = await walkOnboarding(visitor, roomy, 'photo');
    const png = tinyPng();
    const result = await visitor.call('POST profile photo', (api) =>
      api.updateProfile(walked.userId, { photoFile: new Blob([png], { type: 'image/png' }) }),
    );
    const photo = result.photo ?? '';
    const key = photo.replace(/^\/?(uploads\/)?/, '');
    const servedBy: string[] = [];
    for (const name of ['tracker1', 'tracker2', 'door1', 'door2', 'site1', 'site2']) {
      const response = await fetch(`${cluster.directUrl(name)}${UPLOADS_PATH}/${key}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status === 200 && bytes.equals(png)) servedBy.push(name);
    }
    log(`photo ${key} (${png.length} bytes) served by: ${servedBy.join(', ') || 'none'}`);
    expect(ledger.failed.length, ledger.summary()).toBe(0);
    expect(servedBy).toEqual(['tracker1', 'tracker2', 'door1', 'door2', 'site1', 'site2']);
  }, 60_000);

  it('every queued email is sent exactly once while both trackers run their outbox', async () => {
    const ledger = new Ledger();
    const bookings = 30;
    await Promise.all(
      Array.from({ length: bookings }, (_, i) =>
        new Visitor({ siteUrl: cluster.siteUrl, localAddress: '127.0.0.6', ledger }).call(
          'POST booking',
          (api) =>
            api.submitBooking(
              {
                name: `Caller ${i}`,
                email: uniqueEmail(`call${i}`),
                phone: '5551234567',
                category: 'work',
              },
              { idempotencyKey: randomBytes(16).toString('hex') },
            ),
        ),
      ),
    );
    expect(ledger.failed.length, ledger.summary()).toBe(0);
    // Both trackers look for due mail every second; wait (bounded) until nothing is unsent.
    const deadline = Date.now() + 60_000;
    let unsent = -1;
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL',
      );
      unsent = rows[0]?.n ?? -1;
      if (unsent === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { rows: queued } = await db.query<{ id: number }>('SELECT id FROM outbox ORDER BY id');
    const sentBy = new Map<number, string[]>();
    for (const tracker of ['tracker1', 'tracker2'] as const) {
      const dir = path.join(cluster.trackerDataDir(tracker), 'outbox');
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.eml'))) {
        const id = Number(file.split('-')[0]);
        sentBy.set(id, [...(sentBy.get(id) ?? []), tracker]);
      }
    }
    const byTracker = (t: string) => [...sentBy.values()].filter((s) => s.includes(t)).length;
    const twice = [...sentBy].filter(([, s]) => s.length > 1).map(([id]) => id);
    const missing = queued.map((r) => r.id).filter((id) => !sentBy.has(id));
    log(
      `${queued.length} emails queued (${bookings} bookings and every sign-up so far): ` +
        `tracker1 sent ${byTracker('tracker1')}, tracker2 sent ${byTracker('tracker2')}, ` +
        `${twice.length} sent twice, ${missing.length} not sent, ${unsent} unsent in the table`,
    );
    expect(unsent).toBe(0);
    expect(twice).toEqual([]);
    expect(missing).toEqual([]);
    expect(sentBy.size).toBe(queued.length);
    expect(byTracker('tracker1')).toBeGreaterThan(0);
    expect(byTracker('tracker2')).toBeGreaterThan(0);
  }, 120_000);

  it('a visitor reads their own write through the balancer while the other instance still holds the old answer', async () => {
    const teamId = await makeTeam('Read Team', 40);
    const rounds = 12;
    let stale = 0;
    let staleElsewhere = 0;
    const used = new Set<string | undefined>();
    const ledger = new Ledger();
    const seatsOn = async (base: string) => {
      const response = await fetch(`${base}/api/proxy/teams/${teamId}`);
      return ((await response.json()) as { openSeats: number }).openSeats;
    };
    for (let round = 0; round < rounds; round++) {
      // Both instances answer the team from their read cache, as it was before the write (read
      // until they agree: each refreshes within PROXY_CACHE_MS).
      let before = -1;
      for (let agreed = false; !agreed; ) {
        before = await seatsOn(cluster.directUrl('site1'));
        agreed = (await seatsOn(cluster.directUrl('site2'))) === before;
        if (!agreed) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const visitor = new Visitor({ siteUrl: cluster.siteUrl, localAddress: '127.0.0.4', ledger });
      await visitor.call('POST holds', (api) => api.createHold(teamId));
      const seen = await visitor.call('GET team', (api) => api.getTeam(teamId));
      used.add(visitor.instance);
      if (seen.openSeats !== before - 1) stale++;
      // The same read sent straight to the other instance (no balancer): its cache may lag.
      const other = visitor.instance === 'site1' ? 'site2' : 'site1';
      if ((await seatsOn(cluster.directUrl(other))) !== before - 1) staleElsewhere++;
    }
    log(
      `${rounds} holds, each read back at once through the balancer: ${stale} stale ` +
        `(instances used: ${[...used].join(', ')}); the same read sent straight to the other ` +
        `instance: ${staleElsewhere} of ${rounds} stale (its cache lags up to PROXY_CACHE_MS)`,
    );
    expect(ledger.failed.length, ledger.summary()).toBe(0);
    expect(stale).toBe(0);
    expect(used.size).toBe(2);
  }, 60_000);

  // A measurement, not a check: `pnpm bench` runs it (`pnpm --filter @app/cluster bench`, which
  // sets CLUSTER_FIGURES); `pnpm test` lists it as skipped.
  it.runIf(process.env.CLUSTER_FIGURES === '1')(
    'capacity figures: reads a second per site, sign-ups a second per tracker, the team lock, PostgreSQL connections',
    async () => {
      const ledger = new Ledger();
      const peak = { connections: 0 };
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const { rows } = await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()',
          );
          peak.connections = Math.max(peak.connections, rows[0]?.n ?? 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const runAll = async <T>(n: number, width: number, job: (i: number) => Promise<T>) => {
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: width }, async () => {
            while (next < n) await job(next++).catch(() => {});
          }),
        );
        return (performance.now() - started) / 1000;
      };
      try {
        // Reads: 600 team reads through the balancer, 20 at a time, from 20 browsers.
        const readers = Array.from(
          { length: 20 },
          (_, i) =>
            new Visitor({ siteUrl: cluster.siteUrl, localAddress: `127.0.3.${i + 1}`, ledger }),
        );
        const team = roomyTeams[0] ?? '1';
        const before = await cluster.serverStates();
        const readSeconds = await runAll(600, 20, (i) =>
          (readers[i % 20] as Visitor).call('GET team', (api) => api.getTeam(team)),
        );
        const reads = await taken(before);
        // Sign-ups: 80 accounts at once (no walk), each from its own browser.
        const beforeSignUps = await cluster.serverStates();
        const signUpSeconds = await runAll(80, 80, (i) =>
          new Visitor({
            siteUrl: cluster.siteUrl,
            localAddress: `127.0.4.${(i % 50) + 1}`,
            ledger,
          }).call('POST users', (api) =>
            api.createUser({
              email: uniqueEmail(`cap${i}`),
              password: 'correct horse battery',
              name: `Capacity ${i}`,
              goalSummary: 'Measure',
              teamId: roomyTeams[i % roomyTeams.length] ?? '1',
            }),
          ),
        );
        const signUps = await taken(beforeSignUps);
        // The team row lock: 40 holds on one team, then 40 holds on 40 teams.
        const oneTeam = await makeTeam('Lock Team', 100);
        const manyTeams = await Promise.all(
          Array.from({ length: 40 }, (_, i) => makeTeam(`Spread Team ${i}`, 5)),
        );
        const holders = () =>
          Array.from(
            { length: 40 },
            (_, i) =>
              new Visitor({ siteUrl: cluster.siteUrl, localAddress: `127.0.5.${i + 1}`, ledger }),
          );
        const sameHolders = holders();
        const sameSeconds = await runAll(40, 40, (i) =>
          (sameHolders[i] as Visitor).call('POST holds', (api) => api.createHold(oneTeam)),
        );
        const spreadHolders = holders();
        const spreadSeconds = await runAll(40, 40, (i) =>
          (spreadHolders[i] as Visitor).call('POST holds', (api) =>
            api.createHold(manyTeams[i] ?? oneTeam),
          ),
        );
        log(
          `reads: 600 team reads in ${readSeconds.toFixed(1)} s = ${(600 / readSeconds).toFixed(0)}/s ` +
            `(${(600 / readSeconds / 2).toFixed(0)}/s per site; ${split(reads, ['site1', 'site2'])}; ` +
            `reaching the trackers: ${split(reads, ['tracker1', 'tracker2'])})`,
        );
        log(
          `sign-ups: 80 at once in ${signUpSeconds.toFixed(1)} s = ${(80 / signUpSeconds).toFixed(1)}/s ` +
            `(${(80 / signUpSeconds / 2).toFixed(1)}/s per tracker; ${split(signUps, ['tracker1', 'tracker2'])})`,
        );
        log(
          `team row lock: 40 holds on one team ${(sameSeconds * 1000).toFixed(0)} ms, ` +
            `on 40 teams ${(spreadSeconds * 1000).toFixed(0)} ms; ` +
            `peak PostgreSQL connections ${peak.connections} (each tracker's pool holds up to PG_POOL_MAX 10; this test holds 1)`,
        );
      } finally {
        sampling = false;
        await sampler;
      }
      expect(ledger.failed.length, ledger.summary()).toBe(0);
    },
    180_000,
  );

  it('a rolling restart of every process, one at a time, while 20 clients walk the onboarding: 0 failed requests', async () => {
    const ledger = new Ledger();
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const before = await cluster.serverStates();
    const started = performance.now();
    const walking = walkUntil({
      walkers: 20,
      address: (i) => `127.0.1.${i + 1}`,
      ledger,
      done,
      tag: 'roll',
      pauseMs: 200,
    });
    const steps: string[] = [];
    try {
      // Let the walkers get going before the first restart.
      while (ledger.outcomes.length < 60) await new Promise((r) => setTimeout(r, 100));
      for (const name of PRODUCT_PROCESSES) {
        const { stoppedMs } = await cluster.restart(name);
        steps.push(`${name} ${(stoppedMs / 1000).toFixed(1)} s`);
      }
    } finally {
      finish();
    }
    const walks = await walking;
    const seconds = (performance.now() - started) / 1000;
    const t = await taken(before);
    log(
      `rolling restart (${steps.join(', ')}) in ${seconds.toFixed(1)} s: ${walks} walks, ` +
        `${ledger.summary()}; sites: ${split(t, ['site1', 'site2'])}; ` +
        `trackers: ${split(t, ['tracker1', 'tracker2'])}`,
    );
    expect(ledger.failed.length, ledger.summary()).toBe(0);
    expect(walks).toBeGreaterThan(0);
  }, 240_000);

  it('kill -9 of one tracker under sign-up load: no acknowledged sign-up lost, routed around, rejoins', async () => {
    const ledger = new Ledger();
    const acknowledged: { userId: string; email: string }[] = [];
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const walking = walkUntil({
      walkers: 10,
      address: (i) => `127.0.2.${i + 1}`,
      ledger,
      done,
      tag: 'kill',
      pauseMs: 50,
      onSignUp: (r) => acknowledged.push(r),
    });
    let downMs = -1;
    let alertMs = -1;
    let upMs = -1;
    let servedAfter = 0;
    const waitFor = async (test: () => boolean | Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await test())) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    let failedAtKill = 0;
    try {
      await waitFor(() => acknowledged.length >= 10, 60_000);
      failedAtKill = ledger.failed.length;
      await cluster.killProcess('tracker1');
      const killedAt = Date.now();
      downMs = await cluster.waitForServer('tracker1', 'DOWN', 20_000);
      // Prometheus sees it too: the instance-down alert fires once it has been down for its
      // `for:`, within a few scrapes and rule evaluations (a second each) more.
      await waitFor(
        async () =>
          (await cluster.prometheusAlerts()).some(
            (a) =>
              a.labels.alertname === 'InstanceDown' &&
              a.labels.server === 'tracker1' &&
              a.state === 'firing',
          ),
        (ALERT_FOR_SECONDS + 10) * 1000,
      );
      alertMs = Date.now() - killedAt;
      const ackedAtDown = acknowledged.length;
      await waitFor(() => acknowledged.length >= ackedAtDown + 10, 60_000);
      const restartedAt = Date.now();
      await cluster.startProcess('tracker1');
      await cluster.waitForServer('tracker1', 'UP', 30_000);
      upMs = Date.now() - restartedAt;
      const rejoined = (await cluster.serverStates()).tracker1?.total ?? 0;
      await waitFor(
        async () => ((await cluster.serverStates()).tracker1?.total ?? 0) >= rejoined + 5,
        30_000,
      );
      servedAfter = ((await cluster.serverStates()).tracker1?.total ?? 0) - rejoined;
    } finally {
      finish();
    }
    await walking;
    const { rows } = await db.query<{ id: number; email: string }>(
      'SELECT id, email FROM users WHERE email = ANY($1)',
      [acknowledged.map((a) => a.email)],
    );
    const found = new Set(rows.map((r) => `${r.id} ${r.email}`));
    const lost = acknowledged.filter((a) => !found.has(`${a.userId} ${a.email}`));
    log(
      `kill -9 tracker1 (${failedAtKill} failed requests before it): HAProxy marked it DOWN in ${(downMs / 1000).toFixed(1)} s, ` +
        `Prometheus' InstanceDown fired after ${(alertMs / 1000).toFixed(1)} s (for: ${ALERT_FOR_SECONDS}s), ` +
        `UP ${(upMs / 1000).toFixed(1)} s after its restart, then it took ${servedAfter} requests; ` +
        `${acknowledged.length} sign-ups acknowledged, ${lost.length} lost; clients saw ${ledger.summary()}`,
    );
    expect(lost).toEqual([]);
    expect(downMs).toBeGreaterThanOrEqual(0);
    expect(alertMs).toBeGreaterThanOrEqual(ALERT_FOR_SECONDS * 1000);
    expect(servedAfter).toBeGreaterThanOrEqual(5);
  }, 240_000);
});

/** A 1x1 PNG made here (a valid image by its first bytes and its checksums). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  const pixel = Buffer.from([0, 0x2a, 0x7f, randomBytes(1)[0] ?? 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
