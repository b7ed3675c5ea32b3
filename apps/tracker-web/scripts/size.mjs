// Prints the gzip bytes of the JavaScript each screen loads before it can render (the entry chunk,
// the route's lazily split parts, and everything those import statically) and fails when the
// sign-in screen, the one every member opens first, goes over its budget. Run after `vite build`
// (the `size` script does both).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const SIGN_IN_BUDGET_BYTES = 106 * 1024;
const BUDGET_LABEL = `${SIGN_IN_BUDGET_BYTES / 1024} KiB`;
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
  const budgeted = path === '/sign-in';
  const overBudget = budgeted && bytes > SIGN_IN_BUDGET_BYTES;
  if (overBudget) failed = true;
  rows.push({
    route: path,
    chunks: chunkFiles.length,
    'gzip bytes': bytes,
    KiB: (bytes / 1024).toFixed(1),
    budget: budgeted ? (overBudget ? `OVER ${BUDGET_LABEL}` : `ok (${BUDGET_LABEL})`) : '',
  });
}

console.table(rows);
if (failed) {
  console.error(
    `The sign-in screen loads more than ${SIGN_IN_BUDGET_BYTES} bytes of gzipped JavaScript.`,
  );
  process.exit(1);
}
