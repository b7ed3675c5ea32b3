// Every performance figure of the site in one table, measured side by side in one run against
// the compiled server, started as `pnpm start` starts it (`siteNodeArgs`), and the built web app:
//
//   pnpm bench          (from the root: builds the web app and the server first)
//
// - cold start (new data directory) and restart (same directory) of the site with its embedded
//   tracker: spawn to the first answered /api/proxy/teams; resident memory idle and at its peak;
// - GET /api/proxy/teams against a bare Fastify hello route (separate process), autocannon with
//   10 connections each, one after the other;
// - sign-ups per second (POST /api/users, 201 answers, the tracker's real password hashing);
// - the p99 of the teams read and of GET / alone and beside 30 concurrent sign-ups;
// - the median time of a password reset request for an address with and without an account;
// - Lighthouse 13 (mobile, default simulated throttling) per route, with the system Chromium,
//   the tracker front door's sign-in and password reset pages included (its own origin);
// - first-load JavaScript per route: gzip bytes of the scripts, modulepreloads and listed scripts
//   (the site's `app-scripts`) of its page;
// - the member's home on a phone (a new member, signed up through the site and approved): the
//   time from navigation to a usable check-in (its Yes button on screen and enabled) on Slow 4G
//   and on 400 ms / 400 kbit/s (goal: 6 s), each with a 4x slower processor, first visit and
//   repeat visit, in Chromium through playwright-core; with Lighthouse on, Lighthouse of that
//   signed-in home and of the team board as well, and of the console's queue with the operator's
//   session (ADMIN_EMAIL's, set up from its mail with the authenticator code computed here).
//
// It prints and never asserts. This machine's cores are shared with the load generator, Chromium
// and any other work: compare figures of one run, not across runs.
//
// BENCH_SECONDS (default 8; fractions allowed) is each autocannon run's length; BENCH_ROUTES (comma separated) picks
// the Lighthouse routes; BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_THROTTLE=0 opens the member's
// home unthrottled; BENCH_RESET_SAMPLES (default 200) is how many reset requests are timed for
// each kind of address; BENCH_ONLY=tracker measures the tracker's pages alone (the member's home
// on both networks and the tracker's Lighthouse rows, no load runs, none of the site's pages);
// BENCH_LIGHTHOUSE_RUNS (default 2) is how many times Lighthouse measures each page, every run's
// figures printed side by side ("0.97 / 0.98"); BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's
// full report there (JSON, for Lighthouse's viewer); CHROME_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { siteNodeArgs } from '../scripts/start-command.ts';
import { NOT_FOUND_KEY, pageFor } from '../src/page-for.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const trackerWebDist = fileURLToPath(new URL('../../tracker-web/dist/', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Reset requests measured for each kind of address (BENCH_RESET_SAMPLES). */
const resetSamples = Number(process.env.BENCH_RESET_SAMPLES ?? 200);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseOn = process.env.BENCH_LIGHTHOUSE !== '0';
/** BENCH_THROTTLE=0: the member's home at full speed (the bench's own test, which only checks it runs). */
const throttled = process.env.BENCH_THROTTLE !== '0';
/** BENCH_ONLY=tracker: the tracker's pages alone. */
const trackerOnly = process.env.BENCH_ONLY === 'tracker';
/** BENCH_LIGHTHOUSE_RUNS (default 2): Lighthouse runs per page, each one's figures printed. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 2));
/** BENCH_LIGHTHOUSE_REPORTS=dir: every Lighthouse run's full report (JSON) is written there. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });
const ROUTES = (
  process.env.BENCH_ROUTES ??
  [
    '/',
    '/how-it-works',
    '/success-stories',
    '/about-us',
    '/pricing',
    '/onboarding',
    ...['role', 'team', 'maybe', 'no', 'intro', 'goal', 'commit', 'sync', 'account', 'confirm'].map(
      (step) => `/onboarding/work/${step}`,
    ),
    '/thank-you',
    '/no-thank-you',
    '/maybe-submitted',
    '/api-test',
    '/statechart',
  ].join(',')
)
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);

const rows = [];
const row = (group, measure, value, note = '') => rows.push({ group, measure, value, note });
const ms = (value) => `${Math.round(value)} ms`;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory (MiB) of a process now, and its peak so far. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function waitFor(url, child, limitMs = 180_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

/** Starts the compiled site; resolves once /api/proxy/teams answers 200, with the time it took. */
/** The tracker front door's pages (its own origin), measured like the site's. */
const TRACKER_ROUTES = ['/sign-in', '/reset-password'];

async function startSite(port, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, siteNodeArgs(), {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_PUBLIC_URL: trackerBase,
      TRACKER_PORT: String(trackerApiPort),
      WEB_DIST: webDist,
      // The tracker's first operator, for Lighthouse of the console's queue.
      ADMIN_EMAIL: OPERATOR.email,
      LOG_LEVEL: 'warn',
      // No load balancer to wait for: the shutdown figure is the close itself.
      SHUTDOWN_DRAIN_MS: '0',
      // The load generator is one client: lift the per-client limits so every answer is a 2xx.
      RATE_LIMIT_READ_MAX: '100000000',
      RATE_LIMIT_WRITE_MAX: '100000000',
      RATE_LIMIT_WRITE_ANONYMOUS_MAX: '100000000',
      RATE_LIMIT_WRITE_ADDRESS_MAX: '100000000',
      RATE_LIMIT_SIGNUP_MAX: '100000000',
      RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: '100000000',
      RATE_LIMIT_SIGNUP_GLOBAL_MAX: '100000000',
      // The reset timing below asks hundreds of times about one address.
      RESET_REQUESTS_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/proxy/teams`, child);
  return { child, startMs: performance.now() - started };
}

async function stop(child) {
  const started = performance.now();
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - started;
}

/** A bare Fastify app answering {hello:'world'}, in its own process like the site. */
async function startHello(port) {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/`, child, 30_000);
  return child;
}

function load(options) {
  return autocannon({ connections: 10, duration: seconds, ...options });
}

let emailCounter = 0;
async function signUps(base, teamId, connections = 4) {
  const result = await load({
    url: base,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/users',
        headers: { 'content-type': 'application/json', origin: base },
        setupRequest: (request) => {
          emailCounter += 1;
          return {
            ...request,
            body: JSON.stringify({
              email: `bench-${process.pid}-${emailCounter}@example.org`,
              password: 'benchmark passphrase',
              name: 'Bench User',
              goalSummary: 'Measure things',
              teamId,
            }),
          };
        },
      },
    ],
  });
  return { perSecond: result['2xx'] / seconds, other: result.non2xx, p99: result.latency.p99 };
}

/** Gzip bytes of the JavaScript a page's HTML makes the browser fetch before it can run. */
function firstLoadJs(path, dist = webDist) {
  const listed = join(dist, 'prerendered.json');
  // Both apps list their prerendered pages there (the tracker's: the sign-in and reset pages).
  // The tracker's list keeps its pages under `pages`, beside their inline styles' hashes.
  const read = existsSync(listed) ? JSON.parse(readFileSync(listed, 'utf8')) : {};
  const list = read.pages ?? read;
  // The page the site sends: the site's not-found page (NOT_FOUND_KEY) answers an unknown address
  // outside its `notUnder` prefixes.
  const notFound = list[NOT_FOUND_KEY];
  const page = pageFor(
    new Map(Object.entries(list).filter(([key]) => key !== NOT_FOUND_KEY)),
    Array.isArray(notFound?.notUnder) ? notFound : null,
    path,
  );
  const file = page?.file ?? 'index.html';
  const html = readFileSync(join(dist, file), 'utf8');
  const scripts = new Set();
  for (const match of html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) {
    scripts.add(match[1]);
  }
  // The site's prerendered pages list their scripts for their boot script to load after the
  // first paint (apps/web/scripts/boot.js).
  const named = /<meta name="app-scripts" content="([^"]*)"/.exec(html)?.[1] ?? '';
  for (const script of named.split(' ').filter(Boolean)) scripts.add(script.replace(/^\//, ''));
  let bytes = 0;
  for (const script of scripts) {
    bytes += gzipSync(readFileSync(join(dist, script)), { level: 9 }).length;
  }
  // The tracker's home, board and queue have shells of their own (prerendered: false).
  const prerendered = file !== 'index.html' && page?.prerendered !== false;
  return { kib: bytes / 1024, chunks: scripts.size, prerendered };
}

/**
 * A member on a team: signed up through the site, the join request approved through the tracker
 * API (as an operator's approval makes it), signed in at the front door. Returns the session
 * cookie.
 */
async function approvedMember(base, dataDir, teamId, tag = '') {
  const email = `bench-member-${process.pid}${tag}@example.org`;
  const password = 'benchmark member passphrase';
  const signedUp = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email,
      password,
      name: 'Bench Member',
      goalSummary: 'Walk daily',
      teamId,
    }),
  });
  if (signedUp.status !== 201) throw new Error(`the member's sign-up answered ${signedUp.status}`);
  const api = `http://127.0.0.1:${trackerApiPort}`;
  const headers = { 'x-api-key': readFileSync(join(dataDir, 'api-key'), 'utf8').trim() };
  const { joinRequests } = await (
    await fetch(`${api}/join-requests?status=pending`, { headers })
  ).json();
  const request = joinRequests.find((row) => row.user.email === email);
  if (!request) throw new Error("the member's join request is not pending");
  const approved = await fetch(`${api}/join-requests/${request.id}/approve`, {
    method: 'POST',
    headers,
  });
  if (approved.status !== 200) throw new Error(`the approval answered ${approved.status}`);
  // As the sign-in form does, with the browser's time zone (the same machine's).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const signedIn = await fetch(`${trackerBase}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: trackerBase },
    body: JSON.stringify({ email, password, timeZone }),
  });
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
  if (signedIn.status !== 200 || !cookie)
    throw new Error(`the sign-in answered ${signedIn.status}`);
  return cookie;
}

/** The operator ADMIN_EMAIL makes at the first start; the bench sets its password from the mail. */
const OPERATOR = { email: 'bench-operator@example.org', password: 'benchmark operator passphrase' };

/** An authenticator app's code now for a base32 `secret` (RFC 6238: SHA-1, 30 s, 6 digits). */
function totp(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1] & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The session cookie of a `set-cookie` answer, or ''. */
const cookieOf = (response) => (response.headers.get('set-cookie') ?? '').split(';')[0];

/**
 * The first operator, set up as the console's first visit does: the password from the mailed
 * link, the sign-in, the authenticator app. Returns the session cookie.
 */
async function signedInOperator(dataDir) {
  const outbox = join(dataDir, 'outbox');
  let token = '';
  for (let tries = 0; tries < 300 && !token; tries += 1) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files.filter((name) => name.endsWith('-operator-added.eml'))) {
      const mail = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      token = /reset-password\?token=3D([A-Za-z0-9_-]+)|reset-password\?token=([A-Za-z0-9_-]+)/
        .exec(mail)
        ?.slice(1)
        .find(Boolean);
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error("the operator's mail did not arrive");
  const post = (path, body, cookie = '') =>
    fetch(`${trackerBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: trackerBase, cookie },
      body: JSON.stringify(body),
    });
  const set = await post('/api/password-resets/completion', { token, password: OPERATOR.password });
  if (set.status !== 204) throw new Error(`the operator's password answered ${set.status}`);
  const signedIn = await post('/api/session', OPERATOR);
  const cookie = cookieOf(signedIn);
  if (signedIn.status !== 200 || !cookie)
    throw new Error(`the operator's sign-in: ${signedIn.status}`);
  const enrolment = await fetch(`${trackerBase}/api/console/second-factor`, {
    headers: { cookie },
  });
  const { secret } = await enrolment.json();
  const confirmed = await post('/api/console/second-factor', { code: totp(secret) }, cookie);
  if (confirmed.status !== 200) throw new Error(`the authenticator answered ${confirmed.status}`);
  return cookieOf(confirmed) || cookie;
}

/**
 * The networks the member's home is opened on: Lighthouse's Slow 4G (562.5 ms round trip,
 * 1.4 Mbit/s down, 675 kbit/s up), and a slow phone network of 400 ms and 400 kbit/s each way
 * (the home's goal: a usable check-in within 6 s there).
 */
const NETWORKS = [
  {
    name: 'Slow 4G',
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  },
  {
    name: '400 ms, 400 kbit/s',
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  },
];

/**
 * The member's home at 360 px on `network` with the processor slowed 4x: milliseconds from the
 * navigation's start until the check-in's Yes button is on screen and enabled, and until the
 * browser's first contentful paint (the page's own timing). The first visit, then a repeat visit
 * (the service worker's cache and the browser's).
 */
async function usableCheckIn(cookie, network) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: trackerBase }]);
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const { latency, downloadThroughput, uploadThroughput } = network;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency,
        downloadThroughput,
        uploadThroughput,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const times = [];
    for (let visit = 0; visit < 2; visit += 1) {
      const started = performance.now();
      await page.goto(`${trackerBase}/`, { waitUntil: 'commit' });
      const yes = page
        .getByRole('region', { name: 'Did you do that thing today?' })
        .getByRole('button', { name: 'Yes', exact: true })
        .first();
      await yes.waitFor({ state: 'visible', timeout: 120_000 });
      await page.waitForFunction(
        (button) => button !== null && button.getAttribute('aria-disabled') !== 'true',
        await yes.elementHandle(),
        { timeout: 120_000 },
      );
      const usable = performance.now() - started;
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );
      times.push({ usable, paint });
    }
    return times;
  } finally {
    await browser.close();
  }
}

/** What Lighthouse clears of the page's origin before each run (CDP's Storage types). */
const FIRST_VISIT_STORAGE = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
  'cookies',
];

async function lighthouseRows(base, memberCookie) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const table = [];
  try {
    const targets = [
      ...(trackerOnly ? [] : ROUTES).map((route) => ({ route, origin: base, dist: webDist })),
      ...TRACKER_ROUTES.map((route) => ({
        route: `tracker ${route}`,
        path: route,
        origin: trackerBase,
        dist: trackerWebDist,
      })),
      {
        route: 'tracker / (a member, signed in)',
        path: '/',
        origin: trackerBase,
        dist: trackerWebDist,
        extraHeaders: { cookie: memberCookie },
      },
      {
        route: 'tracker /team (a member, signed in)',
        path: '/team',
        origin: trackerBase,
        dist: trackerWebDist,
        extraHeaders: { cookie: memberCookie },
      },
      {
        route: "tracker /console (the queue, an operator's session)",
        path: '/console',
        origin: trackerBase,
        dist: trackerWebDist,
        extraHeaders: { cookie: await signedInOperator(dataDir) },
      },
    ];
    for (const { route, path = route, origin, dist, extraHeaders } of targets) {
      const js = firstLoadJs(path, dist);
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        try {
          // Lighthouse now and then loses the navigation's start in its trace (NO_NAVSTART) and
          // gives no score; such a run is made once more.
          const measure = () =>
            lighthouse(`${origin}${path}`, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              // Every run a first visit of a new visitor: Lighthouse clears the origin's caches and
              // service workers by default, but keeps its local storage and cookies, and an
              // onboarding flow stored by an earlier page's run would send /thank-you back to its
              // step (the URL the machine refuses is replaced by its own).
              clearStorageTypes: FIRST_VISIT_STORAGE,
              ...(extraHeaders ? { extraHeaders } : {}),
            });
          let result = await measure();
          if (result?.lhr.runtimeError) result = await measure();
          if (REPORTS_DIR && result) {
            const name = `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;
            writeFileSync(join(REPORTS_DIR, name), JSON.stringify(result.lhr));
          }
          const audits = result?.lhr.audits ?? {};
          const secondsOf = (id) => ((audits[id]?.numericValue ?? Number.NaN) / 1000).toFixed(2);
          const score = result?.lhr.categories.performance.score;
          runs.push({
            // No score: Lighthouse could not measure the page; its reason says why.
            perf: score?.toFixed(2) ?? `no score: ${result?.lhr.runtimeError?.code ?? 'unknown'}`,
            'FCP s': secondsOf('first-contentful-paint'),
            'LCP s': secondsOf('largest-contentful-paint'),
            'TBT ms': String(Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN)),
            CLS: (audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
          });
        } catch (error) {
          runs.push({ perf: `failed: ${error instanceof Error ? error.message : error}` });
        }
      }
      // Each figure of every run, in run order: "0.97 / 0.98".
      const figures = Object.fromEntries(
        ['perf', 'FCP s', 'LCP s', 'TBT ms', 'CLS'].map((key) => [
          key,
          runs.map((run) => run[key] ?? '-').join(' / '),
        ]),
      );
      table.push({
        route,
        ...figures,
        'first-load JS KiB gz': js.kib.toFixed(1),
        chunks: js.chunks,
        html: js.prerendered ? 'prerendered' : 'shell',
      });
      process.stderr.write('.');
    }
  } finally {
    chrome.kill();
  }
  process.stderr.write('\n');
  return table;
}

const dataDir = mkdtempSync(join(tmpdir(), 'site-bench-'));
const sitePort = await freePort();
const base = `http://127.0.0.1:${sitePort}`;
const trackerBase = `http://127.0.0.1:${await freePort()}`;
const trackerApiPort = await freePort();
let site;
let hello;
let memberCookie = '';
try {
  // Cold start: a new data directory (database created, migrated, seeded; API key generated).
  const cold = await startSite(sitePort, dataDir);
  row('start', 'cold start, new data dir (spawn -> first proxied read)', ms(cold.startMs));
  row('start', 'shutdown (SIGTERM -> exit)', ms(await stop(cold.child)));
  site = await startSite(sitePort, dataDir);
  row('start', 'restart, same data dir (spawn -> first proxied read)', ms(site.startMs));
  const idle = memory(site.child.pid);
  row('memory', 'resident memory after start', `${idle.rss.toFixed(0)} MiB`);

  // The member's home on a phone, before any load: for each network a new member (a first visit
  // sets their time zone) of a team with a free seat, in a new browser (nothing cached).
  for (const [index, network] of (throttled ? NETWORKS : [null]).entries()) {
    const open = (await (await fetch(`${base}/api/proxy/teams`)).json()).find(
      (team) => (team.openSeats ?? 0) > 0,
    );
    memberCookie = await approvedMember(base, dataDir, open?.id ?? 1, `-${index}`);
    const [first, repeat] = await usableCheckIn(memberCookie, network);
    const where = `home at 360 px, ${network ? `${network.name} and a 4x slower processor` : 'not throttled'}`;
    row(
      'member',
      `${where}: time to a usable check-in`,
      `${ms(first.usable)} / ${ms(repeat.usable)}`,
      `first visit / repeat visit; navigation start to the Yes button on screen and enabled${network?.latency === 400 ? '; goal <= 6 s' : ''}`,
    );
    row(
      'member',
      `${where}: first contentful paint`,
      `${ms(first.paint)} / ${ms(repeat.paint)}`,
      'first visit / repeat visit; the page skeleton, before the scripts and the data',
    );
  }
  if (!trackerOnly) await siteFigures();
  await pageFigures();
} finally {
  if (hello) await stop(hello);
  if (site) await stop(site.child);
  rmSync(dataDir, { recursive: true, force: true });
}

/** The site's load figures: the proxy, sign-ups, reads beside sign-ups, reset requests, memory. */
async function siteFigures() {
  // The two targets take turns in short rounds, so a change in the machine's other load
  // (shared with other work) falls on both alike.
  const helloPort = await freePort();
  hello = await startHello(helloPort);
  const rounds = 4;
  const roundSeconds = seconds / rounds;
  const bare = { ok: 0, p99: [] };
  const proxy = { ok: 0, other: 0, p99: [] };
  // One untimed second on each first: the figures are of both servers running steadily, not of
  // the site's code being compiled by V8 during its first round (the hello route has next to
  // nothing to compile).
  await load({ url: `http://127.0.0.1:${helloPort}/`, duration: 1 });
  await load({ url: `${base}/api/proxy/teams`, duration: 1 });
  for (let round = 0; round < rounds; round += 1) {
    const h = await load({ url: `http://127.0.0.1:${helloPort}/`, duration: roundSeconds });
    bare.ok += h['2xx'];
    bare.p99.push(h.latency.p99);
    const p = await load({ url: `${base}/api/proxy/teams`, duration: roundSeconds });
    proxy.ok += p['2xx'];
    proxy.other += p.non2xx;
    proxy.p99.push(p.latency.p99);
  }
  await stop(hello);
  hello = undefined;
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const span = seconds;
  const ratio = proxy.ok / bare.ok;
  row(
    'proxy',
    'bare Fastify hello, req/s (10 connections)',
    Math.round(bare.ok / span),
    `${rounds} rounds of ${roundSeconds} s, alternating, after 1 s of each untimed`,
  );
  row('proxy', 'bare Fastify hello, p99 (median of rounds)', `${median(bare.p99)} ms`);
  row(
    'proxy',
    'GET /api/proxy/teams, req/s (10 connections)',
    Math.round(proxy.ok / span),
    `${proxy.other} non-2xx`,
  );
  row(
    'proxy',
    'GET /api/proxy/teams, p99 (median of rounds)',
    `${median(proxy.p99)} ms`,
    `goal <= 20 ms; rounds: ${proxy.p99.join(', ')} ms`,
  );
  row('proxy', 'proxy / bare hello', `${ratio.toFixed(2)}x`, 'goal >= 0.5x');

  const teams = await (await fetch(`${base}/api/proxy/teams`)).json();
  const teamId = Array.isArray(teams) && teams[0]?.id ? teams[0].id : 1;
  const signups = await signUps(base, teamId);
  row(
    'sign-up',
    'POST /api/users, accounts created/s (4 connections)',
    signups.perSecond.toFixed(1),
    `${signups.other} non-2xx, p99 ${signups.p99} ms`,
  );

  // Reads while sign-ups hash, side by side: each read alone, then the same read beside 30
  // concurrent sign-ups (goal: p99 at most 2x the idle p99).
  for (const [name, url] of [
    ['GET /api/proxy/teams', `${base}/api/proxy/teams`],
    ['GET /', `${base}/`],
  ]) {
    const alone = await load({ url, connections: 4 });
    const [beside, during] = await Promise.all([
      load({ url, connections: 4 }),
      signUps(base, teamId, 30),
    ]);
    const ratio = beside.latency.p99 / Math.max(1, alone.latency.p99);
    row(
      'reads beside sign-ups',
      `${name}: p99 alone / beside 30 sign-ups`,
      `${alone.latency.p99} / ${beside.latency.p99} ms`,
      `${ratio.toFixed(1)}x, goal <= 2x; ${during.perSecond.toFixed(1)} sign-ups/s meanwhile`,
    );
  }

  // A reset request takes as long for an address with an account as for one without (both
  // queue a job, due at a random moment within a second, that looks the address up): the medians
  // of resetSamples requests each, after a few unmeasured ones. They go in pairs, each pair in a
  // random order, so the jobs of earlier requests (and any other load) fall on both alike; a new
  // address without an account each time, as an attacker probing addresses would send.
  const known = `bench-${process.pid}-1@example.org`;
  const times = { known: [], unknown: [], other: 0 };
  const askReset = async (email) => {
    const started = performance.now();
    const answer = await fetch(`${trackerBase}/api/password-resets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: trackerBase },
      body: JSON.stringify({ email }),
    });
    await answer.arrayBuffer();
    return answer.status === 202 ? performance.now() - started : null;
  };
  for (let i = 0; i < 10; i += 1) await askReset(`warm-up-${process.pid}-${i}@example.org`);
  // Each pair's difference (account minus none) as well: the load of the moment cancels out.
  const differences = [];
  for (let i = 0; i < resetSamples; i += 1) {
    const pair = Math.random() < 0.5 ? ['known', 'unknown'] : ['unknown', 'known'];
    const took = {};
    for (const which of pair) {
      took[which] = await askReset(
        which === 'known' ? known : `nobody-${process.pid}-${i}@example.org`,
      );
      if (took[which] === null) times.other += 1;
      else times[which].push(took[which]);
    }
    if (took.known !== null && took.unknown !== null) differences.push(took.known - took.unknown);
  }
  const medianMs = (values) => (values.length === 0 ? Number.NaN : median(values));
  const quartiles = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN;
    return `${at(0.25).toFixed(1)}-${at(0.75).toFixed(1)}`;
  };
  row(
    'reset request',
    'POST /api/password-resets median: an account / no account',
    `${medianMs(times.known).toFixed(1)} / ${medianMs(times.unknown).toFixed(1)} ms`,
    `${times.known.length} + ${times.unknown.length} answered 202, ${times.other} other; ` +
      `quartiles ${quartiles(times.known)} / ${quartiles(times.unknown)} ms; per pair an account ` +
      `took ${medianMs(differences).toFixed(2)} ms more (median), longer in ` +
      `${differences.filter((d) => d > 0).length} of ${differences.length}`,
  );

  const loaded = memory(site.child.pid);
  row(
    'memory',
    'resident memory now / peak',
    `${loaded.rss.toFixed(0)} / ${loaded.peak.toFixed(0)} MiB`,
  );
}

/** Lighthouse and first-load JavaScript per page, then the whole table. */
async function pageFigures() {
  const pages = lighthouseOn ? await lighthouseRows(base, memberCookie) : [];
  if (!lighthouseOn) {
    for (const route of trackerOnly ? [] : ROUTES) {
      const js = firstLoadJs(route);
      pages.push({ route, 'first-load JS KiB gz': js.kib.toFixed(1), chunks: js.chunks });
    }
    for (const route of TRACKER_ROUTES) {
      const js = firstLoadJs(route, trackerWebDist);
      pages.push({
        route: `tracker ${route}`,
        'first-load JS KiB gz': js.kib.toFixed(1),
        chunks: js.chunks,
      });
    }
  }

  // One table: the site-wide figures first, then a row per route (blank cells where a column
  // does not apply).
  const table = [
    ...rows.map(({ group, measure, value, note }) => ({
      what: `${group}: ${measure}`,
      value,
      note,
    })),
    ...pages.map(({ route, ...figures }) => ({ what: `page ${route}`, ...figures })),
  ];
  console.log(
    `\nSite benchmark: compiled server, embedded tracker on PGlite, ${seconds} s per load run;` +
      " Lighthouse 13 mobile (simulated throttling); first-load JS = gzip bytes of the page's" +
      ' scripts, modulepreloads and listed scripts.\nThe load generator, Chromium and the server share this' +
      ' machine (and any other work on it): compare figures of one run.\n',
  );
  console.table(table);
}
