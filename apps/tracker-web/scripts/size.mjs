// Prints the bytes of JavaScript each screen loads before it can render (the entry chunk, the
// route's lazily split parts, and everything those import statically) as the front door sends
// them: the build's precompressed .br files (gzip beside them, for browsers without brotli). Fails
// when the sign-in screen (every member's first) or the member's home (every day's) goes over its
// budget. Run after `vite build` (the `size` script does both).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Budgets in brotli bytes as sent, set from the build that introduced them (sign-in 91.8 KiB, the
 * home 130.9) with a little room: lower them when the figures drop, never raise them without a
 * reason.
 */
const BUDGETS = new Map([
  ['/sign-in', 96 * 1024],
  ['/', 136 * 1024],
]);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

/** The route files whose split parts a first visit to each path loads. */
const ROUTES = [
  ['/sign-in', ['src/routes/sign-in.tsx']],
  ['/', ['src/routes/_member.tsx', 'src/routes/_member/index.tsx']],
  ['/profile', ['src/routes/_member.tsx', 'src/routes/_member/profile.tsx']],
  ['/reset-password', ['src/routes/reset-password.tsx']],
  ['/second-factor', ['src/routes/second-factor.tsx']],
  ['/console', ['src/routes/console/index.tsx']],
  ['/console/audit', ['src/routes/console/audit.tsx']],
  ['/console/teams', ['src/routes/console/teams.tsx']],
  ['/console/operators', ['src/routes/console/operators.tsx']],
  ['/console/second-factor', ['src/routes/console/second-factor.tsx']],
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

/**
 * What the front door sends: the .br file the build wrote beside each script, or the script itself
 * when compressing did not make it smaller (a few hundred bytes).
 */
function brotliBytes(file) {
  const sent = `${dist}${file}.br`;
  return statSync(existsSync(sent) ? sent : `${dist}${file}`).size;
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
  const bytes = chunkFiles.reduce((sum, file) => sum + brotliBytes(file), 0);
  const gzipped = chunkFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
  const budget = BUDGETS.get(path);
  const label = budget === undefined ? '' : `${budget / 1024} KiB`;
  const overBudget = budget !== undefined && bytes > budget;
  if (overBudget) failed = true;
  rows.push({
    route: path,
    chunks: chunkFiles.length,
    'brotli bytes (sent)': bytes,
    KiB: (bytes / 1024).toFixed(1),
    'gzip KiB': (gzipped / 1024).toFixed(1),
    budget: budget === undefined ? '' : overBudget ? `OVER ${label}` : `ok (${label})`,
  });
}

console.table(rows);
if (failed) {
  console.error(
    'A budgeted screen loads more JavaScript (as sent, brotli) than its budget: see the table.',
  );
  process.exit(1);
}
