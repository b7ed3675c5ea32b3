import { statfs } from 'node:fs/promises';
import { Counter, Gauge, Histogram, httpMetrics, type Registry } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggableError } from '../../errors.ts';

/** Seconds: a pass over a few due members, up to a batch of mail on a slow SMTP server. */
const SCHEDULE_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export interface TrackerMetrics {
  /** Accounts made (sign-ups that went through, a repeated one counted once). */
  signups: Counter;
  /** Join requests approved. */
  approvals: Counter;
  /** Check-ins recorded (an answer changed later counts again). */
  checkIns: Counter;
  /**
   * Runs `run` as one pass of the schedule `name`, due every `everyMs`: its runs, how long each
   * took and when the last one ended are recorded, and how late its next one is (lag).
   */
  schedule<T>(name: string, everyMs: number, run: () => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trackerMetrics: TrackerMetrics;
  }
}

/** A scheduled pass: when it was due and when its last run began and ended. */
interface ScheduleState {
  everyMs: number;
  lastStart: number | null;
  lastEnd: number | null;
}

function scheduleMetrics(registry: Registry, now: () => number) {
  const schedules = new Map<string, ScheduleState>();
  const started = now();
  const runs = new Counter({
    name: 'tracker_schedule_runs_total',
    help: "Passes of each schedule, by outcome ('ok' or 'failed').",
    labelNames: ['schedule', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tracker_schedule_duration_seconds',
    help: 'How long each pass of a schedule took.',
    labelNames: ['schedule'],
    buckets: SCHEDULE_BUCKETS,
    registers: [registry],
  });
  const lastRun = new Gauge({
    name: 'tracker_schedule_last_run_timestamp_seconds',
    help: 'When the last pass of each schedule ended (Unix time), whatever its outcome.',
    labelNames: ['schedule'],
    registers: [registry],
  });
  new Gauge({
    name: 'tracker_schedule_lag_seconds',
    help: 'How long past its due time the next pass of each schedule is (0: not late).',
    labelNames: ['schedule'],
    registers: [registry],
    collect() {
      const at = now();
      for (const [schedule, state] of schedules) {
        // A schedule with no timer (REMINDER_CHECK_SECONDS=0) runs when asked: never late.
        if (state.everyMs <= 0) continue;
        // A pass under way is due again only once it ends; before the first, from the start.
        const from = state.lastStart !== null && state.lastEnd === null ? at : state.lastStart;
        const due = (from ?? started) + state.everyMs;
        this.set({ schedule }, Math.max(0, at - due) / 1000);
      }
    },
  });
  new Gauge({
    name: 'tracker_schedule_interval_seconds',
    help: 'How often each schedule is meant to run.',
    labelNames: ['schedule'],
    registers: [registry],
    collect() {
      for (const [schedule, state] of schedules) this.set({ schedule }, state.everyMs / 1000);
    },
  });
  return async function schedule<T>(
    name: string,
    everyMs: number,
    run: () => Promise<T>,
  ): Promise<T> {
    const state = schedules.get(name) ?? { everyMs, lastStart: null, lastEnd: null };
    state.everyMs = everyMs;
    schedules.set(name, state);
    const begin = now();
    state.lastStart = begin;
    state.lastEnd = null;
    let outcome = 'failed';
    try {
      const result = await run();
      outcome = 'ok';
      return result;
    } finally {
      const end = now();
      state.lastEnd = end;
      runs.inc({ schedule: name, outcome });
      duration.observe({ schedule: name }, (end - begin) / 1000);
      lastRun.set({ schedule: name }, end / 1000);
    }
  };
}

/**
 * The tracker's metrics (GET /metrics on METRICS_PORT, see startTracker): the HTTP answers of the
 * API and the front door, and what only the tracker knows: its hashing line, its database pool,
 * the outbox, the schedules and the members. Figures read from the database are read at each
 * scrape, so every tracker on one database reports the same totals (a dashboard takes their max).
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    await app.register(httpMetrics);
    const { registry } = app.metrics;
    const wallClock = () => Date.now();
    const counter = (name: string, help: string) =>
      new Counter({ name, help, registers: [registry] });
    app.decorate('trackerMetrics', {
      signups: counter('tracker_signups_total', 'Accounts made by sign-ups on this tracker.'),
      approvals: counter(
        'tracker_join_request_approvals_total',
        'Join requests approved on this tracker.',
      ),
      checkIns: counter('tracker_check_ins_total', 'Check-ins recorded on this tracker.'),
      schedule: scheduleMetrics(registry, wallClock),
    });

    // The decorators these read are registered after this plugin: read them at scrape time.
    new Gauge({
      name: 'tracker_password_hash_queue',
      help: 'Password hashes waiting for a hashing thread (a full line answers 503).',
      registers: [registry],
      collect() {
        if (app.hasDecorator('signups')) this.set(app.signups.hasher.waiting);
      },
    });
    new Gauge({
      name: 'tracker_password_hash_threads',
      help: 'Threads hashing passwords.',
      registers: [registry],
      collect() {
        if (app.hasDecorator('signups')) this.set(app.signups.hasher.threads);
      },
    });
    new Gauge({
      name: 'tracker_db_pool_connections',
      help: "PostgreSQL connections of this tracker's pool, by state (none on PGlite).",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = app.hasDecorator('database') ? app.database.pool() : null;
        if (pool === null) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
        this.set({ state: 'max' }, pool.max);
      },
    });
    const fromDatabase = async (read: () => Promise<void>) => {
      if (!app.hasDecorator('repos')) return;
      try {
        await read();
      } catch (error) {
        // A scrape while the database is away still gives the rest; the gauge keeps its last value.
        app.log.warn({ err: String(loggableError(error)) }, 'metrics: database figures not read');
      }
    };
    const backlog = new Gauge({
      name: 'tracker_outbox_unsent',
      help: 'Mail in the outbox not sent yet (held for undo, due, being sent or failing).',
      registers: [registry],
      collect: () =>
        fromDatabase(async () => {
          backlog.set((await app.repos.outbox.backlog()).unsent);
        }),
    });
    const oldestAge = new Gauge({
      name: 'tracker_outbox_oldest_unsent_age_seconds',
      help: 'How long the oldest unsent mail has waited (0: none waiting).',
      registers: [registry],
      collect: () =>
        fromDatabase(async () => {
          const { oldest } = await app.repos.outbox.backlog();
          const now = app.trackerConfig.now().getTime();
          oldestAge.set(oldest === null ? 0 : Math.max(0, now - oldest.getTime()) / 1000);
        }),
    });
    // The data directory's disk: PGlite's files, the outbox's .eml files, generated secrets.
    const disk = async () => {
      const stats = await statfs(app.trackerConfig.dataDir);
      return { size: stats.blocks * stats.bsize, free: stats.bavail * stats.bsize };
    };
    const diskFree = new Gauge({
      name: 'tracker_data_dir_free_bytes',
      help: "Bytes free (for this process's user) on the data directory's file system.",
      registers: [registry],
      collect: async () => {
        diskFree.set((await disk()).free);
      },
    });
    const diskSize = new Gauge({
      name: 'tracker_data_dir_size_bytes',
      help: "Size of the data directory's file system in bytes.",
      registers: [registry],
      collect: async () => {
        diskSize.set((await disk()).size);
      },
    });
    const members = new Gauge({
      name: 'tracker_active_members',
      help: 'Active members on all teams.',
      registers: [registry],
      collect: () =>
        fromDatabase(async () => {
          members.set(await app.repos.teams.activeMembers());
        }),
    });
  },
  { name: 'tracker-metrics', dependencies: ['tracker-config'] },
);
