// Prints the gzip bytes of the JavaScript each route loads before it can render (the entry chunk,
// the route's lazily split component, and everything those import statically) and fails when the
// home page goes over its budget. Run after `vite build` (the `size` script does both).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Set from what the prerendered home page loads (105.2 KiB: React DOM and the router are about 80
// of it) with a little room; lower it when the figure drops, never raise it without a reason.
// Raised from 105 KiB when every page's header learned the studio's thin bar and two routes
// gained loaders (their API calls load with the page, split by `codeSplitGroupings`).
const HOME_BUDGET_BYTES = 106 * 1024;
const BUDGET_LABEL = `${HOME_BUDGET_BYTES / 1024} KiB`;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

/** The route files whose split components a first visit to each path loads. */
const ROUTES = [
  ['/', ['src/routes/index.tsx']],
  ['/how-it-works', ['src/routes/how-it-works.tsx']],
  ['/success-stories', ['src/routes/success-stories.tsx']],
  ['/about-us', ['src/routes/about-us.tsx']],
  ['/pricing', ['src/routes/pricing.tsx']],
  ['/api-test', ['src/routes/api-test.tsx']],
  ['/confirm-email', ['src/routes/confirm-email.tsx']],
  ['/onboarding/...', ['src/routes/_onboarding.tsx']],
  ['/statechart', ['src/routes/statechart.tsx']],
  ['(not found)', []],
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the build manifest has no entry chunk');

function closure(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
}

function splitKeys(file) {
  return Object.keys(manifest).filter((key) => key.startsWith(`${file}?tsr-split=`));
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

const rows = [];
let failed = false;
for (const [path, files] of ROUTES) {
  const keys = new Set();
  closure(entryKey, keys);
  for (const file of files) {
    const split = splitKeys(file);
    if (split.length === 0) throw new Error(`no split chunk for ${file} in the build manifest`);
    for (const key of split) closure(key, keys);
  }
  const chunkFiles = [...keys].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'));
  const bytes = chunkFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
  const overBudget = path === '/' && bytes > HOME_BUDGET_BYTES;
  if (overBudget) failed = true;
  rows.push({
    route: path,
    chunks: chunkFiles.length,
    'gzip bytes': bytes,
    KiB: (bytes / 1024).toFixed(1),
    budget: path === '/' ? (overBudget ? `OVER ${BUDGET_LABEL}` : `ok (${BUDGET_LABEL})`) : '',
  });
}

console.table(rows);
if (failed) {
  console.error(`The home page loads more than ${HOME_BUDGET_BYTES} bytes of gzipped JavaScript.`);
  process.exit(1);
}
