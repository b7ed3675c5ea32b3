/**
 * How the tracker does with many members and a year of history each, on embedded PGlite and on
 * PostgreSQL: the scale data set (src/seed/scale.ts) at each size, then
 *
 * - the kept quiet spells of every seeded member worked out once (as after the migration);
 * - one tick of each schedule (reminders, "we miss you", weekly recaps, daily digests) at a
 *   Sunday 18:00 of the members' first zone, when a twelfth of them get their recap: how long it
 *   took, what it queued, and the longest the event loop was blocked meanwhile
 *   (perf_hooks.monitorEventLoopDelay); then a second tick, what is left over; on PostgreSQL,
 *   the same weekly recaps again with two trackers on the database sharing the tick;
 * - the front door's readiness (GET /health/ready) every 20 ms while the ticks run: 95th
 *   percentile, slowest answer and failures;
 * - the console's Quiet members page and the other console lists, first and last page;
 * - a member's home and board with 20 readers at once: p50 and p95.
 *
 *   pnpm --filter @app/tracker bench:scale
 *
 * BENCH_SCALE_MEMBERS (default "1000,10000") and BENCH_SCALE_DAYS (365) set the sizes.
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL; PGlite only when
 * none is set (or it is unreachable). BENCH_SCALE_STORES=postgres (or pglite) measures one store.
 * BENCH_SCALE_TICKS_ONLY=1 stops after the schedules' ticks (no lists, homes or boards);
 * BENCH_SCALE_READS_ONLY=1 measures the homes and boards only (no quiet spells, ticks or lists).
 * Figures only, no pass or fail.
 */
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addCalendarDays, HEALTH_API, wallClockAt, zonedInstant } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../src/db/rows.ts';
import { SCALE_TIME_ZONES, scaleEmail, seedScale } from '../src/seed/scale.ts';
import { auditPage } from '../src/services/audit-page.ts';
import { checkInStatus, teamBoard } from '../src/services/check-ins.ts';
import { feedbackPage, infoCallPage } from '../src/services/console-lists.ts';
import { teamPage } from '../src/services/console-teams.ts';
import { runDigests } from '../src/services/digests.ts';
import { joinRequestQueue } from '../src/services/join-request-queue.ts';
import { memberReads } from '../src/services/member-days.ts';
import { memberHome } from '../src/services/members.ts';
import {
  quietMemberPage,
  refreshQuietListings,
  runQuietMembers,
} from '../src/services/quiet-members.ts';
import { runRecaps } from '../src/services/recaps.ts';
import { runReminders } from '../src/services/reminders.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';
import { reachable } from './reachable.ts';

const SIZES = (process.env.BENCH_SCALE_MEMBERS ?? '1000,10000').split(',').map(Number);
const DAYS = Number(process.env.BENCH_SCALE_DAYS ?? 365);
if (SIZES.some((n) => !Number.isInteger(n) || n < 6) || !Number.isInteger(DAYS) || DAYS < 1) {
  throw new Error('BENCH_SCALE_MEMBERS: whole numbers of at least 6; BENCH_SCALE_DAYS: at least 1');
}
const STORES = (process.env.BENCH_SCALE_STORES ?? 'pglite,postgres').split(',');
const TICKS_ONLY = process.env.BENCH_SCALE_TICKS_ONLY === '1';
const READS_ONLY = process.env.BENCH_SCALE_READS_ONLY === '1';
const PAGE = 20;
const READERS = 20;
/** Reads each of the READERS makes (one reader alone makes twice as many). */
const READS_EACH = 10;
const RUNS = 5;
const pgUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** A Sunday 18:00 of the first zone, a few days from the bench's start: recaps fall due. */
function recapMoment(): Date {
  const zone = SCALE_TIME_ZONES[0];
  const today = addCalendarDays(wallClockAt(Date.now(), zone), 0);
  const sunday = addCalendarDays(today, 7 - today.weekday);
  return zonedInstant(sunday, 18, zone);
}

const ms = (n: number) => Number(n.toFixed(1));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

type Row = Record<string, string | number>;

/** A figure in one cell: time; longest block or p95; readiness; count; load. */
const cell = (row: Row | undefined) => {
  if (row === undefined) return '';
  const parts = [`${row.ms} ms`];
  if (row.block_ms !== undefined) parts.push(`block ${row.block_ms}`);
  if (row.cpu_block_ms !== undefined) parts.push(`cpu block ${row.cpu_block_ms}`);
  if (row.p95_ms !== undefined) parts.push(`p95 ${row.p95_ms}`);
  if (row.cpu_ms !== undefined) parts.push(`cpu ${row.cpu_ms}/read`);
  if (row.ready_failed !== undefined)
    parts.push(
      `ready p95 ${row.ready_p95_ms} / max ${row.ready_max_ms}, failed ${row.ready_failed}`,
    );
  parts.push(`n=${row.count}`, `load ${row.load}`);
  return parts.join(', ');
};

async function time<T>(run: () => Promise<T>) {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

/**
 * The longest stretch of the main thread's processor time between two turns of the event loop,
 * in ms, while it watches: a timer every millisecond reads the thread's processor time, and the
 * time spent between two of its firings is one stretch the thread held (on shared cores the
 * wall-clock block can be longer, the thread waiting for a core).
 */
function cpuBlocks() {
  let last = process.threadCpuUsage();
  let longest = 0;
  const timer = setInterval(() => {
    const now = process.threadCpuUsage();
    const spent = (now.user - last.user + now.system - last.system) / 1000;
    if (spent > longest) longest = spent;
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}

/** Runs `work` while reading readiness every 20 ms and watching the event loop. */
async function watched<T>(app: FastifyInstance, work: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpu = cpuBlocks();
  const ready: number[] = [];
  let failures = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: HEALTH_API.ready.url });
      ready.push(performance.now() - start);
      if (res.statusCode !== 200) failures++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  loop.enable();
  try {
    const timed = await time(work);
    return {
      ...timed,
      blockMs: loop.max / 1e6,
      cpuBlockMs: cpu.stop(),
      readyMax: Math.max(0, ...ready),
      readyP95: percentile(
        [...ready].sort((a, b) => a - b),
        0.95,
      ),
      readyChecks: ready.length,
      failures,
    };
  } finally {
    cpu.stop();
    loop.disable();
    running = false;
    await probe;
  }
}

async function measure(store: string, databaseUrl: string | null, members: number) {
  const moment = recapMoment();
  let clock = new Date(moment.getTime() - 10 * 60_000);
  const db = await createTestDatabase({ databaseUrl });
  const app = await buildTracker({
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    env: {},
    reminderCheckSeconds: 0,
    now: () => clock,
  });
  // The store measured is the one named (a PGlite row taken on a server would mislead).
  if (app.database.kind !== (store === 'PGlite' ? 'pglite' : 'postgres')) {
    await app.close();
    await db.cleanup();
    throw new Error(`${store} was asked for, and the tracker opened ${app.database.kind}`);
  }
  const rows: Row[] = [];
  // With the machine's load average (1 minute) when the figure was taken: on shared cores a
  // figure is read beside it.
  const add = (what: string, figures: Row) => {
    const row = { store, members, what, ...figures, load: Number(loadavg()[0]?.toFixed(1)) };
    rows.push(row);
    // As it is taken, for a long run stopped before its tables.
    console.log(`${store} ${members.toLocaleString('en-US')} ${what}: ${cell(row)}`);
  };
  try {
    const seeded = await time(() =>
      seedScale(app.database.db, { members, days: DAYS, now: clock }),
    );
    await app.database.db.execute(sql`ANALYZE`);
    add('seed', { ms: ms(seeded.ms), count: seeded.result.checkIns });
    // On PGlite, the full vacuum a tracker started on these files runs before it is ready (the
    // retention pass's light one keeps the pages marked from then on): src/db/upkeep.ts.
    const { vacuum } = app.database;
    if (vacuum) {
      const vacuumed = await time(() => vacuum('start'));
      add('vacuum at start', { ms: ms(vacuumed.ms), count: vacuumed.result.tables });
    }
    if (!READS_ONLY) await schedulesAndLists();
    async function schedulesAndLists() {
      // Every seeded member's kept quiet spell is stale (quiet_listings): worked out once, as the
      // schedule does after the migration, so the ticks and pages below see the steady state.
      const kept = await watched(app, () =>
        refreshQuietListings(app, { skipLocked: false, budgetMs: Number.POSITIVE_INFINITY }),
      );
      add('quiet spells worked out', {
        ms: ms(kept.ms),
        count: kept.result,
        block_ms: ms(kept.blockMs),
        cpu_block_ms: ms(kept.cpuBlockMs),
        ready_p95_ms: ms(kept.readyP95),
        ready_max_ms: ms(kept.readyMax),
        ready_failed: `${kept.failures}/${kept.readyChecks}`,
      });

      clock = new Date(moment.getTime() + 60_000);
      const schedules: [string, () => Promise<number>][] = [
        ['tick: reminders', () => runReminders(app)],
        ['tick: we miss you', () => runQuietMembers(app)],
        ['tick: weekly recaps', () => runRecaps(app)],
        ['tick: daily digests', () => runDigests(app)],
      ];
      for (const round of ['1st', '2nd']) {
        for (const [what, run] of schedules) {
          const tick = await watched(app, run);
          add(`${what} (${round})`, {
            ms: ms(tick.ms),
            count: tick.result,
            block_ms: ms(tick.blockMs),
            cpu_block_ms: ms(tick.cpuBlockMs),
            ready_p95_ms: ms(tick.readyP95),
            ready_max_ms: ms(tick.readyMax),
            ready_failed: `${tick.failures}/${tick.readyChecks}`,
          });
        }
      }

      // Trackers share the schedules (FOR UPDATE SKIP LOCKED): the recaps of the first tick are
      // made due again (their rows and mails of the week forgotten) and taken by two trackers on
      // the one database at once.
      if (databaseUrl !== undefined) {
        await app.database.db.execute(sql`
        UPDATE recap_settings SET next_at = ${moment} WHERE user_id IN (SELECT user_id FROM recaps)`);
        await app.database.db.execute(sql`DELETE FROM recaps`);
        const second = await buildTracker({
          dataDir: await mkdtemp(path.join(tmpdir(), 'scale-second-')),
          databaseUrl: db.databaseUrl,
          env: {},
          reminderCheckSeconds: 0,
          now: () => clock,
        });
        try {
          const tick = await watched(app, () => Promise.all([runRecaps(app), runRecaps(second)]));
          add('tick: weekly recaps, 2 trackers', {
            ms: ms(tick.ms),
            count: tick.result.join('+'),
            block_ms: ms(tick.blockMs),
            cpu_block_ms: ms(tick.cpuBlockMs),
            ready_p95_ms: ms(tick.readyP95),
            ready_max_ms: ms(tick.readyMax),
            ready_failed: `${tick.failures}/${tick.readyChecks}`,
          });
        } finally {
          await second.close();
        }
      }

      if (TICKS_ONLY) return;

      const lists: [string, (offset: number) => Promise<{ total: number }>][] = [
        ['quiet members', (offset) => quietMemberPage(app, { limit: PAGE, offset })],
        ['join requests', (offset) => joinRequestQueue(app, { limit: PAGE, offset })],
        ['teams', (offset) => teamPage(app, { limit: PAGE, offset })],
        ['audit log', (offset) => auditPage(app, { limit: PAGE, offset })],
        ['info calls', (offset) => infoCallPage(app, { limit: PAGE, offset })],
        ['feedback', (offset) => feedbackPage(app, { limit: PAGE, offset })],
      ];
      for (const [list, read] of lists) {
        const { total } = await read(0);
        const deep = Math.max(0, total - PAGE);
        for (const [page, offset] of [
          ['first', 0],
          ['last', deep],
        ] as const) {
          const times: number[] = [];
          for (let i = 0; i < RUNS; i++) times.push((await time(() => read(offset))).ms);
          times.sort((a, b) => a - b);
          add(`list: ${list}, ${page} page`, {
            ms: ms(percentile(times, 0.5)),
            count: total,
            p95_ms: ms(times.at(-1) ?? 0),
          });
        }
      }
    }
    if (TICKS_ONLY) return rows;

    // Readers: members of the middle of the set, each reading their home or their board.
    const readers = rowsOf<{ id: number; team_id: number }>(
      await app.database.db.execute(sql`
        SELECT u.id, m.team_id FROM users u JOIN memberships m ON m.user_id = u.id
        WHERE u.email = ANY (${`{${Array.from({ length: READERS }, (_, i) => scaleEmail(Math.floor(members / 2) + i)).join(',')}}`}::text[])`),
    );
    // The home as its route reads it (the member's page and their check-in card side by side),
    // and the board; in the tracker's process, without HTTP and the session. A warm-up round
    // first (each reader once, not counted), then one reader alone (what a read costs), then
    // READERS at once, each reading again as soon as its read is answered (what they wait).
    const reads = [
      [
        'home',
        (r: { id: number }) => {
          const reads = memberReads(app, r.id, app.trackerConfig.now());
          return Promise.all([memberHome(app, r.id, reads), checkInStatus(app, r.id, reads)]);
        },
      ],
      ['board', (r: { id: number; team_id: number }) => teamBoard(app, r.id, r.team_id)],
    ] as const;
    for (const [what, read] of reads) {
      await Promise.all(readers.map((reader) => read(reader)));
      for (const [label, group] of [
        ['1 reader', readers.slice(0, 1)],
        [`${READERS} readers`, readers],
      ] as const) {
        const times: number[] = [];
        const started = performance.now();
        // The tracker thread's processor time a read (the readers run in its process).
        const cpuBefore = process.threadCpuUsage();
        const each = group.length === 1 ? 2 * READS_EACH : READS_EACH;
        await Promise.all(
          group.map(async (reader) => {
            for (let i = 0; i < each; i++) {
              const start = performance.now();
              await read(reader);
              times.push(performance.now() - start);
            }
          }),
        );
        const wall = performance.now() - started;
        const cpu = process.threadCpuUsage(cpuBefore);
        times.sort((a, b) => a - b);
        add(`${what}, ${label}`, {
          ms: ms(percentile(times, 0.5)),
          count: times.length,
          p95_ms: ms(percentile(times, 0.95)),
          per_s: Math.round((times.length / wall) * 1000),
          cpu_ms: ms((cpu.user + cpu.system) / 1000 / times.length),
        });
      }
    }
    return rows;
  } finally {
    await app.close();
    await db.cleanup();
  }
}

const rows: Row[] = [];
if (STORES.includes('pglite')) {
  // PGlite whatever TEST_DATABASE_URL says (null: no server).
  for (const members of SIZES) rows.push(...(await measure('PGlite', null, members)));
}
if (STORES.includes('postgres')) {
  if (pgUrl === undefined) {
    console.log('No BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL: PostgreSQL skipped.');
  } else if (await reachable(pgUrl)) {
    for (const members of SIZES) rows.push(...(await measure('PostgreSQL', pgUrl, members)));
  } else {
    console.log('PostgreSQL unreachable: measured on PGlite only.');
  }
}

const sizes = SIZES.map((n) => n.toLocaleString('en-US'));
console.log(
  `\nThe tracker at ${sizes.join(' and ')} members with ${DAYS} days each (ms; p95_ms: slowest of ${RUNS} for lists, 95th percentile for readers):`,
);
// Side by side: one line per store and measurement, one column group per size.
const table = new Map<string, Row>();
for (const row of rows) {
  const key = `${row.store}|${row.what}`;
  const line = table.get(key) ?? { store: row.store ?? '', what: row.what ?? '' };
  const n = Number(row.members).toLocaleString('en-US');
  for (const [k, v] of Object.entries(row)) {
    if (k === 'store' || k === 'what' || k === 'members') continue;
    line[`${k} @${n}`] = v;
  }
  table.set(key, line);
}
console.table([...table.values()]);

// The growth: each figure at each size in one cell (time; longest block or p95; readiness), and
// how many times the largest size's time is the smallest's.
console.log(
  `\nGrowth from ${sizes[0]} to ${sizes.at(-1)} members (x: time at the largest / at the smallest):`,
);
const growth: Row[] = [];
for (const { store, what } of table.values()) {
  const at = SIZES.map((n) =>
    rows.find((r) => r.store === store && r.what === what && r.members === n),
  );
  const first = Number(at[0]?.ms);
  const last = Number(at.at(-1)?.ms);
  const line: Row = { store: store ?? '', what: what ?? '' };
  SIZES.forEach((n, i) => {
    line[n.toLocaleString('en-US')] = cell(at[i]);
  });
  if (SIZES.length > 1) line.x = first > 0 && last >= 0 ? Number((last / first).toFixed(1)) : '';
  growth.push(line);
}
console.table(growth);
