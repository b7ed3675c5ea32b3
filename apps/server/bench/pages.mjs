// Each page of both apps: Lighthouse (mobile, simulated throttling) and the JavaScript its first
// load fetches, the member's and the operator's pages signed in.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { NOT_FOUND_KEY, pageFor } from '../src/page-for.ts';
import { signedInOperator } from './accounts.mjs';
import {
  chromePath,
  LIGHTHOUSE_RUNS,
  lighthouseOn,
  REPORTS_DIR,
  ROUTES,
  siteOnly,
  TRACKER_ROUTES,
  trackerOnly,
  trackerWebDist,
  webDist,
} from './config.mjs';

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
  // first paint (apps/web/src/boot/boot.js).
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

/** The tracker's signed-in pages: the member's home and team board, the operator's queue. */
const signedInTargets = (trackerBase, memberCookie, operatorCookie) => [
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
    extraHeaders: { cookie: operatorCookie },
  },
];

/** The machine's load average over the last minute, with its cores: "1.42/2". */
const loadNow = () => `${loadavg()[0].toFixed(2)}/${availableParallelism()}`;

async function lighthouseRows(site, memberCookie) {
  const { base, trackerBase } = site;
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
      ...(siteOnly ? [] : TRACKER_ROUTES).map((route) => ({
        route: `tracker ${route}`,
        path: route,
        origin: trackerBase,
        dist: trackerWebDist,
      })),
      ...(siteOnly ? [] : signedInTargets(trackerBase, memberCookie, await signedInOperator(site))),
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
            // The figures of a busy machine are not the page's: each run says how busy it was.
            'load/cores': loadNow(),
          });
        } catch (error) {
          runs.push({
            perf: `failed: ${error instanceof Error ? error.message : error}`,
            'load/cores': loadNow(),
          });
        }
      }
      // Each figure of every run, in run order: "0.97 / 0.98".
      const figures = Object.fromEntries(
        ['perf', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'load/cores'].map((key) => [
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

/** Lighthouse and first-load JavaScript per page: a row per route for the table. */
export async function pageFigures(site, memberCookie) {
  const pages = lighthouseOn ? await lighthouseRows(site, memberCookie) : [];
  if (!lighthouseOn) {
    for (const route of trackerOnly ? [] : ROUTES) {
      const js = firstLoadJs(route);
      pages.push({ route, 'first-load JS KiB gz': js.kib.toFixed(1), chunks: js.chunks });
    }
    for (const route of siteOnly ? [] : TRACKER_ROUTES) {
      const js = firstLoadJs(route, trackerWebDist);
      pages.push({
        route: `tracker ${route}`,
        'first-load JS KiB gz': js.kib.toFixed(1),
        chunks: js.chunks,
      });
    }
  }
  return pages;
}
