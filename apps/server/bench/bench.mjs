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
//   session (ADMIN_EMAIL's, set up from its mail with the authenticator code computed here);
// - the first steps on a slow phone (early-taps.mjs): at 400 ms / 400 kbit/s with a 4x slower
//   processor, Chromium's own throttling, the area step's cards, the role step's Continue, Other's
//   empty Continue and /api-test's API Status tab tapped the moment they show, BENCH_TAP_TRIES
//   (default 10) first visits each at 360 and 1280 px: the first paint, when the tap was made,
//   how many taps were acted on (and how many of them before the page's scripts had run).
//
// Each measure lives in a module of its own: processes.mjs (starting the site), member-home.mjs,
// early-taps.mjs,
// load.mjs (the proxy, sign-ups, reads beside them), reset-timing.mjs, pages.mjs (Lighthouse and
// first-load JavaScript), accounts.mjs (the member and the operator it signs in as); config.mjs
// holds the settings below, table.mjs the printed table.
//
// It prints and never asserts. This machine's cores are shared with the load generator, Chromium
// and any other work: compare figures of one run, not across runs.
//
// BENCH_SECONDS (default 8; fractions allowed) is each autocannon run's length (autocannon runs at
// least a second: the rates are of the time it ran); BENCH_ROUTES (comma separated) picks
// the Lighthouse routes; BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_THROTTLE=0 opens the member's
// home unthrottled; BENCH_RESET_SAMPLES (default 200) is how many reset requests are timed for
// each kind of address; BENCH_ONLY=tracker measures the tracker's pages alone (the member's home
// on both networks and the tracker's Lighthouse rows, no load runs, none of the site's pages);
// BENCH_ONLY=site measures the site's pages alone (Lighthouse and first-load JavaScript, nothing else);
// BENCH_LIGHTHOUSE_RUNS (default 2) is how many times Lighthouse measures each page, every run's
// figures printed side by side ("0.97 / 0.98"); BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's
// full report there (JSON, for Lighthouse's viewer); BENCH_TAPS=0 skips the slow phone's taps;
// BENCH_TAP_WIDTHS (default 360,1280) names the widths they are made at;
// CHROME_PATH (default /usr/bin/chromium).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteOnly, tapsOn, trackerOnly } from './config.mjs';
import { earlyTapFigures } from './early-taps.mjs';
import { proxyFigures, signUpFigures } from './load.mjs';
import { memberHomeFigures } from './member-home.mjs';
import { pageFigures } from './pages.mjs';
import { freePort, memory, startSite, stop } from './processes.mjs';
import { resetFigures } from './reset-timing.mjs';
import { ms, printTable, row } from './table.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'site-bench-'));
const sitePort = await freePort();
const base = `http://127.0.0.1:${sitePort}`;
const trackerBase = `http://127.0.0.1:${await freePort()}`;
const trackerApiPort = await freePort();
const addresses = { base, dataDir, trackerBase, trackerApiPort };
let site;
let memberCookie = '';
try {
  // Cold start: a new data directory (database created, migrated, seeded; API key generated).
  const cold = await startSite(sitePort, dataDir, addresses);
  row('start', 'cold start, new data dir (spawn -> first proxied read)', ms(cold.startMs));
  row('start', 'shutdown (SIGTERM -> exit)', ms(await stop(cold.child)));
  site = await startSite(sitePort, dataDir, addresses);
  row('start', 'restart, same data dir (spawn -> first proxied read)', ms(site.startMs));
  const idle = memory(site.child.pid);
  row('memory', 'resident memory after start', `${idle.rss.toFixed(0)} MiB`);

  if (!siteOnly) memberCookie = await memberHomeFigures(addresses);
  if (!trackerOnly && tapsOn && !siteOnly) await earlyTapFigures(base);
  if (!trackerOnly && !siteOnly) {
    await proxyFigures(base);
    await signUpFigures(base);
    await resetFigures(trackerBase);
    const loaded = memory(site.child.pid);
    row(
      'memory',
      'resident memory now / peak',
      `${loaded.rss.toFixed(0)} / ${loaded.peak.toFixed(0)} MiB`,
    );
  }
  printTable(await pageFigures(addresses, memberCookie));
} finally {
  if (site) await stop(site.child);
  rmSync(dataDir, { recursive: true, force: true });
}
