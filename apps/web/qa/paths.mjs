// QA's commands for the onboarding model's paths (`pnpm test:paths` and `pnpm test:paths:jsdom`
// at the root).
//
//   pnpm test:paths                      the machine level (covering paths, transition-pair paths,
//                                        random walks) and the jsdom covering set first (for the
//                                        report's table), then every Chromium path, desktop and
//                                        phone, axe after every step
//   pnpm test:paths --replay file.json   one saved path (a list of events), e.g. a failure's, on
//                                        the machine and then in Chromium
//   pnpm test:paths --headed ...         watch it in a window (needs a display)
//   pnpm test:paths --ci                 the covering set (desktop, axe once per state and path,
//                                        pictures of failures only), without rebuilding
//   pnpm test:paths --pairs ...          the deeper Chromium set: the covering walks, then walks
//                                        for transition pairs until half the feasible pairs are
//                                        taken (with --ci: desktop only, as in `pnpm test`)
//   pnpm test:paths:jsdom                every model path in the React app (jsdom)
//   ... --list                           checks that each level the command runs can start,
//                                        without building: the machine level lists its files
//                                        (with --replay, runs the saved path), the jsdom level
//                                        lists its files and the Chromium level its paths, and
//                                        each fails when it finds none
//
// The machine level is the machine's own `paths` script (@app/onboarding, which
// `pnpm --filter @app/statechart-tools paths` runs too), so it moves with that package. Builds the app and the server first (except with --ci or --list), then runs
// Playwright (playwright.config.ts), which writes reports/paths/index.html. Other arguments go to
// the last level that runs (for example --grep "walk 3" to Playwright, -t "nav.back" to jsdom).
import { spawnSync } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
/** The jsdom level's test files (`src/onboarding/model-1.test.tsx` and its sibling shards). */
const JSDOM_FILES = 'src/onboarding/model-';

const args = process.argv.slice(2);
const env = { ...process.env };
const rest = [];
let ci = false;
let jsdom = false;
let list = false;
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index];
  if (arg === '--replay') {
    const file = args[index + 1];
    if (file === undefined) throw new Error('--replay needs a file');
    index += 1;
    const base = process.env.INIT_CWD ?? process.cwd();
    env.PATHS_REPLAY = isAbsolute(file) ? file : resolve(base, file);
  } else if (arg === '--headed') {
    env.PATHS_HEADED = '1';
  } else if (arg === '--pairs') {
    env.PATHS_WALKS = 'pairs';
  } else if (arg === '--ci') {
    ci = true;
  } else if (arg === '--jsdom') {
    jsdom = true;
  } else if (arg === '--list') {
    list = true;
  } else if (arg !== '--') {
    rest.push(arg);
  }
}
// A replay file that cannot be read as a list of events stops the command before anything is built
// or started, with the reason (every level would otherwise fail on it in turn).
if (env.PATHS_REPLAY !== undefined) {
  // Loaded only here: the model kit is not needed to start any other run.
  const { readReplay } = await import('@app/statechart-tools/testing');
  try {
    readReplay(env.PATHS_REPLAY);
  } catch (error) {
    console.error(`--replay: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
if (ci) {
  env.PATHS_AXE ??= 'new-states';
  env.PATHS_SHOTS ??= 'failures';
} else {
  env.PATHS_SET ??= 'full';
  env.PATHS_AXE ??= 'every';
}

/**
 * Runs one command from apps/web with the output shown; in list mode the output is also kept, and
 * a level that lists no test fails (Vitest's `list` exits 0 on a pattern that matches no file).
 */
function run(label, command, commandArgs, runEnv = env) {
  if (label) console.log(`\n${label}:`);
  if (!list) {
    return spawnSync(command, commandArgs, { cwd: web, stdio: 'inherit', env: runEnv }).status ?? 1;
  }
  const result = spawnSync(command, commandArgs, { cwd: web, env: runEnv, encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  return result.status ?? 1;
}

/**
 * Lists a Vitest level's test files and fails when there are none. (Vitest lists the files only:
 * the model's paths are declared when a file runs.)
 */
function listVitest(label, files, runEnv, extra = []) {
  console.log(`\n${label}:`);
  const result = spawnSync('pnpm', ['exec', 'vitest', 'list', '--filesOnly', files, ...extra], {
    cwd: web,
    env: runEnv,
    encoding: 'utf8',
  });
  const tests = (result.stdout ?? '').split('\n').filter((line) => line.trim() !== '');
  process.stderr.write(result.stderr ?? '');
  for (const test of tests) console.log(test);
  console.log(`${tests.length} test files match ${files}*`);
  return result.status === 0 && tests.length > 0 ? 0 : 1;
}

/**
 * The machine level: its covering paths, transition-pair paths and random walks, or with
 * --replay the saved path alone (`PATHS_FAULT` passes through, for a fault injected there).
 */
const machineLevel = () =>
  list && env.PATHS_REPLAY === undefined
    ? listMachineLevel()
    : run('machine level', 'pnpm', ['--filter', '@app/onboarding', 'run', 'paths'], {
        ...process.env,
        ...(env.PATHS_REPLAY === undefined ? {} : { PATHS_REPLAY: env.PATHS_REPLAY }),
      });

/**
 * The machine level's files, as its package lists them (`paths:list`, beside `paths`), failing
 * when there are none. Its paths run in full in the package's own tests; --list with --replay
 * runs the saved path there for real.
 */
function listMachineLevel() {
  console.log('\nmachine level:');
  const result = spawnSync(
    'pnpm',
    ['--filter', '@app/onboarding', '--silent', 'run', 'paths:list'],
    {
      cwd: web,
      encoding: 'utf8',
    },
  );
  const files = (result.stdout ?? '').split('\n').filter((line) => /\.test\.ts$/.test(line.trim()));
  process.stderr.write(result.stderr ?? '');
  for (const file of files) console.log(file);
  console.log(`${files.length} machine level test files`);
  return result.status === 0 && files.length > 0 ? 0 : 1;
}

if (jsdom) {
  // Every path of the model, replayed in the React app.
  const jsdomEnv = { ...process.env, PATHS_SET: 'full' };
  const status = list
    ? listVitest('jsdom level (every path)', JSDOM_FILES, jsdomEnv, rest)
    : run(
        'jsdom level (every path)',
        'pnpm',
        ['exec', 'vitest', 'run', JSDOM_FILES, ...rest],
        jsdomEnv,
      );
  process.exit(status);
}

const red = [];
if (!ci) {
  if (!list) {
    for (const [command, commandArgs] of [
      ['pnpm', ['--filter', '@app/server', 'build']],
      // The web app's own build: the pages as they ship, prerendered (a bare `vite build` leaves
      // only the shell, and the walks would open every page drawn by the browser instead).
      ['pnpm', ['run', 'build']],
    ]) {
      const status = run('', command, commandArgs);
      if (status !== 0) process.exit(status);
    }
  }
  // The report's table shows every level as of this run, not an older one's figures.
  if (machineLevel() !== 0) red.push('machine');
  if (env.PATHS_REPLAY === undefined) {
    const covering = { ...process.env };
    delete covering.PATHS_SET;
    const jsdomStatus = list
      ? listVitest('jsdom level (covering set)', JSDOM_FILES, covering)
      : run('jsdom level (covering set)', 'pnpm', ['exec', 'vitest', 'run', JSDOM_FILES], covering);
    if (jsdomStatus !== 0) red.push('jsdom');
  }
}
console.log('\nChromium level:');
const browser = run('', 'pnpm', [
  'exec',
  'playwright',
  'test',
  '-c',
  'playwright.config.ts',
  // Listing writes no report: the last real run's stays.
  ...(list ? ['--list', '--reporter', 'list'] : []),
  ...rest,
]);
if (red.length > 0) console.error(`red level(s) before Chromium: ${red.join(', ')}`);
process.exit(browser !== 0 ? browser : red.length > 0 ? 1 : 0);
