// `pnpm test`: builds the apps once, runs every package's tests, then prints one table: each
// package, its tests (passed, failed, skipped), its wall time, the processor time it cost (user +
// system of all its processes, which moves far less with the host's speed than the wall clock
// does), and what was left out and why. The machine's load is printed at the start and the end.
//
//   pnpm test                     everything
//   pnpm test @app/tracker ...    only the packages named (after the build)
//
// The browser tests, the size checks and the cluster test use the builds made here; nothing
// below builds an app again. A package that fails does not stop the others: the table shows
// every result, and the command exits 1 when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

/** The apps that are built once, before any test: what the tests serve, measure and cluster. */
const BUILDS = ['@app/web', '@app/tracker-web', '@app/server', '@app/tracker'];

/**
 * The order the packages run in. First a pool of two at a time: the packages that keep at most
 * one core busy, each printed whole as it ends. The cluster's test starts it, as the longest (about
 * a minute of two sites, two trackers and HAProxy restarting and waiting on each other: one core's
 * worth), and the quick ones (a few seconds each, mostly start-up) and then the tracker's web app
 * run one after another beside it, so a broken contract still shows within a minute. Then the
 * packages named in LAST, one after another, each using both cores itself; the browser tests last.
 */
const POOL_FIRST = ['@app/cluster'];
const POOL_LAST = ['@app/tracker-web'];
const LAST = ['@app/server', '@app/tracker', '@app/web'];
/** How many of the pool's packages run at once. */
const POOL_AT_ONCE = 2;

/** What a package's tests leave out on this machine, and why (shown in the table). */
function leftOut(name) {
  const notes = [];
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  if (name === '@app/tracker' && !postgres) {
    notes.push(
      'the PostgreSQL run of every API test and the capacity races (TEST_DATABASE_URL not set)',
    );
  }
  if (name === '@app/cluster') notes.push('the capacity figures (a measurement: pnpm bench)');
  return notes;
}

const workspace = JSON.parse(
  spawnSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' })
    .stdout,
);
const named = process.argv.slice(2).filter((arg) => arg !== '--');
const packages = workspace
  .filter((pkg) => pkg.path !== root.replace(/\/$/, ''))
  .map((pkg) => ({
    name: pkg.name,
    path: pkg.path,
    scripts: JSON.parse(readFileSync(join(pkg.path, 'package.json'), 'utf8')).scripts ?? {},
  }))
  .filter((pkg) => pkg.scripts.test !== undefined)
  .filter((pkg) => named.length === 0 || named.includes(pkg.name))
  .sort((a, b) => {
    const rank = (pkg) => {
      if (POOL_FIRST.includes(pkg.name)) return 0;
      if (POOL_LAST.includes(pkg.name)) return 2;
      const last = LAST.indexOf(pkg.name);
      return last === -1 ? 1 : 3 + last;
    };
    return rank(a) - rank(b) || a.name.localeCompare(b.name);
  });

console.log(`Tests on Node ${process.version}`);

/** The machine's load averages (1, 5 and 15 minutes) and its cores, as `uptime` gives them. */
function load() {
  return `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${cpus().length} cores`;
}
console.log(`At the start: ${load()}`);

/** Where the processor-time wrapper is: each package's tests run under it. */
const CPU_TIME = join(root, 'scripts', 'cpu-time.mjs');

/**
 * Runs a command under the processor-time wrapper and resolves with its exit code, its output
 * and the user + system seconds it and its children cost (null when the system does not say).
 */
function measured(command, args, { onOutput }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CPU_TIME, command, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let figures = '';
    child.stdout.on('data', (chunk) => onOutput(chunk, 'stdout'));
    child.stderr.on('data', (chunk) => onOutput(chunk, 'stderr'));
    child.stdio[3].on('data', (chunk) => {
      figures += chunk;
    });
    child.on('close', (code) => {
      let cpu = null;
      let counted = null;
      let outlived = 0;
      try {
        const times = JSON.parse(figures);
        if (times) {
          cpu = times.user + times.system;
          counted = times.counted;
          outlived = times.outlived ?? 0;
        }
      } catch {
        // No figures: the table shows a dash.
      }
      resolve({ code: code ?? 1, cpu, counted, outlived });
    });
  });
}

function seconds(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  // Whole seconds first, so 119.6 s reads 2 min 0 s, not 1 min 60 s.
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

console.log(`\nBuilding ${BUILDS.join(', ')} once`);
const buildStart = performance.now();
// Two builds at a time (pnpm still builds the tracker before the server, which bundles it): a
// Vite build keeps about one core busy.
const build = await measured(
  'pnpm',
  [...BUILDS.flatMap((name) => ['--filter', name]), '--workspace-concurrency=2', 'run', 'build'],
  { onOutput: (chunk, stream) => process[stream].write(chunk) },
);
const buildMs = performance.now() - buildStart;
if (build.code !== 0) {
  console.error('the build failed: no test ran');
  process.exit(build.code);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters.
const ANSI = /\u001b\[[0-9;]*m/g;

/** Adds up the counts every runner in a package's output printed. */
function counts(output) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '');
    // Vitest: "      Tests  2 failed | 40 passed | 3 skipped (45)"
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (vitest?.[1]) {
      for (const [, n, kind] of vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
        total[kind === 'todo' ? 'skipped' : kind] += Number(n);
      }
      continue;
    }
    // Playwright's list reporter: "  79 passed (5.2m)", "  1 failed", "  2 skipped", "  1 flaky"
    const playwright = /^\s+(\d+) (passed|failed|skipped|flaky|did not run)(?: \(.+\))?\s*$/.exec(
      line,
    );
    if (playwright) {
      const kind = playwright[2];
      const n = Number(playwright[1]);
      if (kind === 'flaky') total.passed += n;
      else if (kind === 'did not run') total.skipped += n;
      else total[kind] += n;
    }
  }
  return total;
}

/**
 * The failed tests a package's output names, each with the first error line after it, so the end
 * of the output (all a CI log may show) says which tests went red and why.
 */
function failures(output) {
  const lines = output.split('\n').map((raw) => raw.replace(ANSI, '').trimEnd());
  const found = [];
  for (const [index, line] of lines.entries()) {
    // Vitest: " FAIL  test/drain.test.ts > SIGTERM under keep-alive readers > drops no ..."
    const vitest = /^\s*FAIL\s+(.+)$/.exec(line);
    // Playwright's list reporter: "  ✘  12 [browser] › e2e/site.e2e.test.ts:44:5 › the site ..."
    const playwright =
      /^\s*✘\s+\d+\s+(.+?)(?:\s+\(retry #\d+\))?(?:\s+\(\d[\d.]*(?:ms|s|m)\))?$/.exec(line);
    const name = vitest?.[1] ?? playwright?.[1];
    if (!name || found.some((failure) => failure.name === name)) continue;
    const error = vitest
      ? lines
          .slice(index + 1, index + 8)
          .find((next) => /^\s*(?:\w*Error|\w+Exception)\b/.test(next))
          ?.trim()
      : undefined;
    found.push({ name, error });
  }
  return found;
}

/**
 * Runs one package's tests. Its output goes straight through (`live`), or is kept and printed
 * whole when the package ends, so packages that run side by side do not interleave their lines.
 */
async function runPackage(pkg, { live }) {
  if (live) console.log(`\n=== ${pkg.name} ===`);
  const start = performance.now();
  let output = '';
  const { code, cpu, counted, outlived } = await measured(
    'pnpm',
    ['--filter', pkg.name, 'run', 'test'],
    {
      onOutput: (chunk, stream) => {
        output += chunk;
        if (live) process[stream].write(chunk);
      },
    },
  );
  if (!live) process.stdout.write(`\n=== ${pkg.name} ===\n${output}`);
  return {
    pkg,
    code,
    ms: performance.now() - start,
    cpu,
    counted,
    outlived,
    ...counts(output),
    failures: failures(output),
  };
}

const pool = packages.filter((pkg) => !LAST.includes(pkg.name));
const results = new Map();
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(POOL_AT_ONCE, pool.length) }, async () => {
    while (next < pool.length) {
      const pkg = pool[next];
      next += 1;
      results.set(pkg.name, await runPackage(pkg, { live: false }));
    }
  }),
);
for (const pkg of packages.filter((pkg) => LAST.includes(pkg.name))) {
  results.set(pkg.name, await runPackage(pkg, { live: true }));
}

/** Processor seconds as the table shows them, or a dash when the system did not say. */
const processor = (cpu) => (cpu === null ? '-' : seconds(cpu * 1000));
const rows = [
  ['package', 'result', 'passed', 'failed', 'skipped', 'time', 'processor', 'left out'],
  [
    '(build once)',
    build.code === 0 ? 'ok' : 'FAILED',
    '',
    '',
    '',
    seconds(buildMs),
    processor(build.cpu),
    BUILDS.join(', '),
  ],
  ...packages
    .map((pkg) => results.get(pkg.name))
    .map((r) => [
      r.pkg.name,
      r.code === 0 ? 'ok' : 'FAILED',
      String(r.passed),
      String(r.failed),
      String(r.skipped),
      seconds(r.ms),
      processor(r.cpu),
      leftOut(r.pkg.name).join('; ') || '-',
    ]),
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log('\nSummary');
for (const row of rows) {
  console.log(
    row.map((cell, column) => (column === 7 ? cell : cell.padEnd(widths[column]))).join('  '),
  );
}
const sum = (key) => [...results.values()].reduce((total, r) => total + r[key], 0);
const red = [...results.values()].filter((r) => r.code !== 0);
const measuredAll = [build.cpu, ...[...results.values()].map((r) => r.cpu)];
const cpuTotal = measuredAll.includes(null)
  ? null
  : measuredAll.reduce((total, cpu) => total + cpu, 0);
const ways = new Set([build.counted, ...[...results.values()].map((r) => r.counted)]);
const how =
  ways.size === 1 && ways.has('cgroup')
    ? 'every process the tests started, counted by control group'
    : 'only processes that were waited for: no control group could be made, so a browser process reaped by init is missed';
console.log(
  `\nAll in ${seconds(performance.now() - started)} of wall time, ${processor(cpuTotal)} of processor time (user + system; ${how})`,
);
const leftRunning = [...results.values()].filter((r) => r.outlived > 0);
for (const r of leftRunning) {
  console.log(`${r.pkg.name} left ${r.outlived} process(es) running after its tests: ended`);
}
console.log(`At the end: ${load()}`);
if (red.length > 0) console.log(`Failed: ${red.map((r) => r.pkg.name).join(', ')}`);
const MAX_NAMED = 10;
const clip = (text) => (text.length > 240 ? `${text.slice(0, 239)}…` : text);
for (const r of red) {
  for (const { name, error } of r.failures.slice(0, MAX_NAMED)) {
    console.log(`  ${r.pkg.name}: ${clip(name)}`);
    if (error) console.log(`    ${clip(error)}`);
  }
  if (r.failures.length > MAX_NAMED) {
    console.log(
      `  ${r.pkg.name}: and ${r.failures.length - MAX_NAMED} more (see its output above)`,
    );
  }
}
// A package that went red without a failed test (a build, a size budget) counts as one failure.
const failed = sum('failed') + red.filter((r) => r.failed === 0).length;
console.log(`Total: ${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped`);
process.exit(red.length > 0 ? 1 : 0);
