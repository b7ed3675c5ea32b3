/**
 * Starts and stops the product as it runs on several machines, on this one: HAProxy in front of
 * two site servers (the compiled apps/server/dist/server.js, each with a remote tracker) and two
 * standalone trackers on one PostgreSQL database of the cluster's own and one Redis database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_KEY_LENGTH, API_KEY_PREFIX } from '@app/contracts';
import { SITE_ENTRY, siteNodeArgs } from '@app/server/start-command';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type Layout, localLayout, renderHaproxyConfig } from './layout.ts';
import { alertRules, renderPrometheusConfig } from './monitoring.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TRACKER_DIR = path.join(REPO_ROOT, 'apps/tracker');
const TRACKER_COMPILED = path.join(TRACKER_DIR, 'dist/server.js');
/** Debian installs HAProxy in /usr/sbin, which is not on every user's PATH. */
export const HAPROXY =
  process.env.HAPROXY ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
/** Debian's Prometheus (`apt-get install -y prometheus`), with promtool beside it. */
export const PROMETHEUS = process.env.PROMETHEUS ?? '/usr/bin/prometheus';
export const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';

export interface ClusterOptions {
  /** First port of the block the cluster uses (see localLayout). */
  basePort: number;
  /** Parent folder of the run's folder (data directories, logs, HAProxy's files). */
  dir?: string;
  /** A PostgreSQL database the cluster's own database is created from and dropped through. */
  adminDatabaseUrl?: string;
  /** The Redis database every instance shares; emptied at start. */
  redisUrl?: string;
  /** Settings added to every site and tracker (e.g. LOG_LEVEL). */
  env?: Record<string, string>;
  /** Where progress lines go. */
  say?: (line: string) => void;
  /**
   * Prometheus' scrape and rule interval (5s) and, when given, the `for:` of every alert rule
   * instead of deploy/alerts.yml's own (a test cannot wait minutes for an alert).
   */
  monitoring?: { interval?: string; alertFor?: string };
}

export type ProcessName = 'haproxy' | 'prometheus' | 'site1' | 'site2' | 'tracker1' | 'tracker2';
type ProductProcess = Exclude<ProcessName, 'haproxy' | 'prometheus'>;
export const PRODUCT_PROCESSES = ['site1', 'site2', 'tracker1', 'tracker2'] as const;

export interface ServerState {
  /** HAProxy's view: UP, DOWN, MAINT, "UP 1/2" while rising... */
  status: string;
  /** Requests (sessions) this server has taken since HAProxy started. */
  total: number;
}

const apiKeyAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A VAPID key pair (P-256, base64url), as the trackers take it from the environment. */
function vapidKeyPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private key with leading zero bytes comes out shorter: it is 32 bytes on the wire.
  const secret = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
}

function randomKey(): string {
  const bytes = randomBytes(API_KEY_LENGTH);
  let key = API_KEY_PREFIX;
  for (let i = 0; key.length < API_KEY_LENGTH; i++) {
    key += apiKeyAlphabet[(bytes[i] ?? 0) % apiKeyAlphabet.length];
  }
  return key;
}

/** Variables of the product that the cluster sets itself: none is inherited from the caller. */
const INHERITED = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR'];

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until<T>(
  what: string,
  timeoutMs: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(100);
  }
}

/** Children still running when this process exits (a crash, an exit without stop()) are killed. */
const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function stopWhenThisProcessExits(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
}

export class Cluster {
  readonly layout: Layout;
  readonly dir: string;
  readonly databaseUrl: string;
  readonly databaseName: string;
  readonly redisUrl: string;
  readonly apiKey = randomKey();
  readonly sessionSecret = randomBytes(32).toString('base64url');
  readonly trackerSessionSecret = randomBytes(32).toString('base64url');
  /** One VAPID key pair for both trackers: a device subscribed through either gets pushes from both. */
  readonly vapidKeys = vapidKeyPair();
  readonly trackerCommand: string[];
  private readonly adminDatabaseUrl: string;
  private readonly extraEnv: Record<string, string>;
  private readonly monitoring: { interval: string; alertFor: string | undefined };
  private readonly say: (line: string) => void;
  private readonly running = new Map<ProcessName, Running>();

  private constructor(opts: ClusterOptions, dir: string) {
    this.layout = { ...localLayout(opts.basePort), statsSocket: path.join(dir, 'haproxy.sock') };
    this.dir = dir;
    this.adminDatabaseUrl = opts.adminDatabaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    this.databaseName = `cluster_${randomBytes(6).toString('hex')}`;
    const url = new URL(this.adminDatabaseUrl);
    url.pathname = `/${this.databaseName}`;
    this.databaseUrl = url.toString();
    this.redisUrl = opts.redisUrl ?? 'redis://127.0.0.1:6379/7';
    this.extraEnv = opts.env ?? {};
    this.monitoring = {
      interval: opts.monitoring?.interval ?? '5s',
      alertFor: opts.monitoring?.alertFor,
    };
    this.say = opts.say ?? (() => {});
    // The compiled tracker when it has been built; its source through tsx otherwise.
    this.trackerCommand = existsSync(TRACKER_COMPILED)
      ? [TRACKER_COMPILED]
      : ['--import', 'tsx', path.join(TRACKER_DIR, 'src/server.ts')];
  }

  /** Creates the database, empties the Redis database, starts everything and waits until ready. */
  static async start(opts: ClusterOptions): Promise<Cluster> {
    if (!process.env.HAPROXY && !existsSync('/usr/sbin/haproxy')) {
      throw new Error(
        'HAProxy is not installed: apt-get install -y haproxy (bash .ci/setup --browser installs it)',
      );
    }
    if (!process.env.PROMETHEUS && !existsSync(PROMETHEUS)) {
      throw new Error(
        'Prometheus is not installed: apt-get install -y prometheus (bash .ci/setup --browser installs it)',
      );
    }
    if (!existsSync(SITE_ENTRY)) {
      throw new Error(`${SITE_ENTRY} is missing: run pnpm --filter @app/server build first`);
    }
    const parent = opts.dir ?? tmpdir();
    await mkdir(parent, { recursive: true });
    const dir = await mkdtemp(path.join(parent, 'cluster-'));
    const cluster = new Cluster(opts, dir);
    try {
      await cluster.prepare();
      await cluster.startProcess('haproxy');
      await cluster.startProcess('prometheus');
      // Both trackers start together: migrations and the seed run once, under an advisory lock.
      await Promise.all([cluster.startProcess('tracker1'), cluster.startProcess('tracker2')]);
      await Promise.all([cluster.startProcess('site1'), cluster.startProcess('site2')]);
      await cluster.waitUntilAllUp();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  get siteUrl(): string {
    return `http://${this.layout.bindHost}:${this.layout.sitePort}`;
  }
  get frontDoorUrl(): string {
    return `http://${this.layout.bindHost}:${this.layout.frontDoorPort}`;
  }
  get trackerApiUrl(): string {
    return `http://${this.layout.bindHost}:${this.layout.trackerApiPort}`;
  }
  get statsUrl(): string {
    return `http://${this.layout.bindHost}:${this.layout.statsPort}`;
  }
  get prometheusUrl(): string {
    return `http://127.0.0.1:${this.layout.prometheusPort}`;
  }
  /** Where a site or tracker serves its metrics. */
  metricsUrl(name: ProductProcess): string {
    const b = this.layout.metrics.find((m) => m.name === name);
    if (!b) throw new Error(`no metrics listener for ${name}`);
    return `http://${b.host}:${b.port}/metrics`;
  }
  /** Each instance's own address (not through the balancer). */
  directUrl(name: string): string {
    const b = [...this.layout.sites, ...this.layout.trackers, ...this.layout.frontDoors].find(
      (s) => s.name === name,
    );
    if (!b) throw new Error(`no instance ${name}`);
    return `http://${b.host}:${b.port}`;
  }
  trackerDataDir(name: 'tracker1' | 'tracker2'): string {
    return path.join(this.dir, name);
  }
  logFile(name: ProcessName): string {
    return path.join(this.dir, 'logs', `${name}.log`);
  }

  private async prepare(): Promise<void> {
    await mkdir(path.join(this.dir, 'logs'), { recursive: true });
    await writeFile(path.join(this.dir, 'haproxy.cfg'), this.haproxyConfig());
    await writeFile(
      path.join(this.dir, 'prometheus.yml'),
      renderPrometheusConfig(this.layout, {
        interval: this.monitoring.interval,
        rulesFile: 'alerts.yml',
      }),
    );
    await writeFile(path.join(this.dir, 'alerts.yml'), await alertRules(this.monitoring.alertFor));
    const admin = new pg.Client({ connectionString: this.adminDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${this.databaseName}"`);
    } finally {
      await admin.end();
    }
    const redis = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
  }

  haproxyConfig(): string {
    return renderHaproxyConfig(this.layout);
  }

  private envOf(name: ProductProcess): Record<string, string> {
    const metrics = this.layout.metrics.find((m) => m.name === name);
    if (!metrics) throw new Error(name);
    const common = {
      ...baseEnv(),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REDIS_URL: this.redisUrl,
      TRACKER_API_KEY: this.apiKey,
      SITE_URL: this.siteUrl,
      TRACKER_PUBLIC_URL: this.frontDoorUrl,
      METRICS_HOST: metrics.host,
      METRICS_PORT: String(metrics.port),
    };
    if (name === 'site1' || name === 'site2') {
      const own = this.layout.sites.find((s) => s.name === name);
      if (!own) throw new Error(name);
      return {
        ...common,
        HOST: own.host,
        PORT: String(own.port),
        TRACKER_API_URL: this.trackerApiUrl,
        SESSION_SECRET: this.sessionSecret,
        TRACKER_DATA_DIR: path.join(this.dir, name),
        // One proxy (HAProxy) stands between the browser and the site.
        TRUST_PROXY: '1',
        ...this.extraEnv,
      };
    }
    const i = name === 'tracker1' ? 0 : 1;
    const api = this.layout.trackers[i];
    const door = this.layout.frontDoors[i];
    if (!api || !door) throw new Error(name);
    return {
      ...common,
      DATABASE_URL: this.databaseUrl,
      TRACKER_HOST: api.host,
      TRACKER_PORT: String(api.port),
      TRACKER_PUBLIC_PORT: String(door.port),
      TRACKER_SESSION_SECRET: this.trackerSessionSecret,
      VAPID_PUBLIC_KEY: this.vapidKeys.publicKey,
      VAPID_PRIVATE_KEY: this.vapidKeys.privateKey,
      TRACKER_DATA_DIR: this.trackerDataDir(name),
      // Both trackers look for unsent mail every second, so they race for the same rows.
      MAIL_RETRY_SECONDS: '1',
      // HAProxy stands between the browser and the front door too.
      TRUST_PROXY: '1',
      ...this.extraEnv,
    };
  }

  private commandOf(name: ProcessName): { file: string; args: string[]; cwd: string } {
    if (name === 'haproxy') {
      return {
        file: HAPROXY,
        args: ['-W', '-db', '-f', path.join(this.dir, 'haproxy.cfg')],
        cwd: this.dir,
      };
    }
    if (name === 'prometheus') {
      return {
        file: PROMETHEUS,
        args: [
          `--config.file=${path.join(this.dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${path.join(this.dir, 'prometheus-data')}`,
          `--web.listen-address=127.0.0.1:${this.layout.prometheusPort}`,
        ],
        cwd: this.dir,
      };
    }
    if (name === 'site1' || name === 'site2') {
      return {
        file: process.execPath,
        args: siteNodeArgs(),
        cwd: REPO_ROOT,
      };
    }
    return { file: process.execPath, args: this.trackerCommand, cwd: TRACKER_DIR };
  }

  /** Starts one process and waits until it answers its own readiness check. */
  async startProcess(name: ProcessName): Promise<void> {
    if (this.running.has(name)) throw new Error(`${name} is already running`);
    const { file, args, cwd } = this.commandOf(name);
    const out = openSync(this.logFile(name), 'a');
    const child = spawn(file, args, {
      cwd,
      env: name === 'haproxy' || name === 'prometheus' ? baseEnv() : this.envOf(name),
      stdio: ['ignore', out, out],
      // A group of its own: Ctrl-C reaches the cluster's runner only, which stops each process in
      // order (sites, trackers, then HAProxy).
      detached: true,
    });
    stopWhenThisProcessExits(child);
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? (signal ? null : 0)));
      child.once('error', () => resolve(-1));
    });
    this.running.set(name, { child, exited });
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    this.say(`${name}: started (pid ${child.pid})`);
    await until(`${name} to be ready`, 90_000, async () => {
      if (gone) throw new Error(`${name} exited at start:\n${await this.logTail(name)}`);
      return (await this.answersReady(name)) ? true : undefined;
    }).catch(async (error: unknown) => {
      if (gone) throw new Error(`${name} exited at start:\n${await this.logTail(name)}`);
      throw error;
    });
  }

  private async answersReady(name: ProcessName): Promise<boolean> {
    if (name === 'haproxy') {
      return (await fetch(`${this.statsUrl}/;csv`)).ok;
    }
    if (name === 'prometheus') {
      return (await fetch(`${this.prometheusUrl}/-/ready`)).ok;
    }
    const checks: [string, string][] =
      name === 'site1' || name === 'site2'
        ? [[this.directUrl(name), this.layout.checks.site]]
        : [
            [this.directUrl(name), this.layout.checks.tracker],
            [this.directUrl(name === 'tracker1' ? 'door1' : 'door2'), this.layout.checks.frontDoor],
          ];
    for (const [base, check] of checks) {
      const response = await fetch(`${base}${check}`);
      await response.arrayBuffer();
      if (response.status !== 200) return false;
    }
    return true;
  }

  async logTail(name: ProcessName, lines = 30): Promise<string> {
    const text = await readFile(this.logFile(name), 'utf8').catch(() => '');
    return text.split('\n').slice(-lines).join('\n');
  }

  pid(name: ProcessName): number | undefined {
    return this.running.get(name)?.child.pid;
  }

  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). Resolves with the exit code. */
  async stopProcess(name: ProcessName, graceMs = 20_000): Promise<number | null> {
    const run = this.running.get(name);
    if (!run) return null;
    run.child.kill('SIGTERM');
    const timer = setTimeout(() => run.child.kill('SIGKILL'), graceMs);
    const code = await run.exited;
    clearTimeout(timer);
    this.running.delete(name);
    this.say(`${name}: stopped (exit ${code})`);
    return code;
  }

  /** kill -9: no draining, no closing; in-flight requests are cut off. */
  async killProcess(name: ProcessName): Promise<void> {
    const run = this.running.get(name);
    if (!run) return;
    run.child.kill('SIGKILL');
    await run.exited;
    this.running.delete(name);
    this.say(`${name}: killed`);
  }

  /** HAProxy's view of every server, by server name. */
  async serverStates(): Promise<Record<string, ServerState>> {
    const csv = await (await fetch(`${this.statsUrl}/;csv`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = (header ?? '').replace(/^# /, '').split(',');
    const col = (name: string) => columns.indexOf(name);
    const states: Record<string, ServerState> = {};
    for (const row of rows) {
      const cells = row.split(',');
      const sv = cells[col('svname')] ?? '';
      if (sv === 'FRONTEND' || sv === 'BACKEND') continue;
      states[sv] = {
        status: cells[col('status')] ?? '',
        total: Number(cells[col('stot')] ?? 0),
      };
    }
    return states;
  }

  /** Waits until HAProxy says the server's status starts with `status` (UP, DOWN). */
  async waitForServer(server: string, status: 'UP' | 'DOWN', timeoutMs = 30_000): Promise<number> {
    const started = Date.now();
    await until(`${server} ${status} in HAProxy`, timeoutMs, async () => {
      const state = (await this.serverStates())[server];
      return state?.status.startsWith(status) && !state.status.includes('/') ? true : undefined;
    });
    return Date.now() - started;
  }

  async waitUntilAllUp(timeoutMs = 30_000): Promise<void> {
    const names = [...this.layout.sites, ...this.layout.trackers, ...this.layout.frontDoors];
    await Promise.all(names.map((b) => this.waitForServer(b.name, 'UP', timeoutMs)));
  }

  /** The HAProxy servers a product process stands behind. */
  serversOf(name: ProductProcess): string[] {
    if (name === 'tracker1') return ['tracker1', 'door1'];
    if (name === 'tracker2') return ['tracker2', 'door2'];
    return [name];
  }

  /** Stops one process (SIGTERM, drained), starts it again and waits until HAProxy sends it work. */
  async restart(name: ProductProcess): Promise<{ stoppedMs: number }> {
    const stoppedAt = Date.now();
    await this.stopProcess(name);
    await this.startProcess(name);
    await Promise.all(this.serversOf(name).map((s) => this.waitForServer(s, 'UP')));
    return { stoppedMs: Date.now() - stoppedAt };
  }

  /** Stops everything (the sites, then the trackers, then HAProxy) and drops the database. */
  async stop(options: { keepFiles?: boolean } = {}): Promise<void> {
    for (const tier of [
      ['site1', 'site2'],
      ['tracker1', 'tracker2'],
      ['haproxy', 'prometheus'],
    ] as const) {
      await Promise.all(tier.map((name) => this.stopProcess(name).catch(() => null)));
    }
    const admin = new pg.Client({ connectionString: this.adminDatabaseUrl });
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${this.databaseName}" WITH (FORCE)`);
    } catch (error) {
      this.say(`could not drop ${this.databaseName}: ${String(error)}`);
    } finally {
      await admin.end().catch(() => {});
    }
    if (!options.keepFiles) await rm(this.dir, { recursive: true, force: true });
  }

  /** Prometheus' targets (GET /api/v1/targets): each scraped process's health and last error. */
  async prometheusTargets(): Promise<{ server: string; health: string; lastError: string }[]> {
    const answer = (await (await fetch(`${this.prometheusUrl}/api/v1/targets`)).json()) as {
      data: {
        activeTargets: { labels: Record<string, string>; health: string; lastError: string }[];
      };
    };
    return answer.data.activeTargets.map((t) => ({
      server: t.labels.server ?? '',
      health: t.health,
      lastError: t.lastError,
    }));
  }

  /** Prometheus' alerts (GET /api/v1/alerts): pending and firing, with their labels. */
  async prometheusAlerts(): Promise<{ labels: Record<string, string>; state: string }[]> {
    const answer = (await (await fetch(`${this.prometheusUrl}/api/v1/alerts`)).json()) as {
      data: { alerts: { labels: Record<string, string>; state: string }[] };
    };
    return answer.data.alerts;
  }

  /** A client of the cluster's own database, for checks a test makes on what was stored. */
  async sql(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    return client;
  }
}
