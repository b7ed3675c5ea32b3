// The QA command for the onboarding model's paths in Chromium (`pnpm test:paths` at the root).
//
//   pnpm test:paths                      the machine level and the jsdom covering set first (for
//                                        the report's table), then every Chromium path, desktop
//                                        and phone, axe after every step
//   pnpm test:paths --replay file.json   one saved path (a list of events), e.g. a failure's
//   pnpm test:paths --headed ...         watch it in a window (needs a display)
//   pnpm test:paths --ci                 the covering set `pnpm test` runs (desktop, axe once
//                                        per state and path, pictures of failures only), without
//                                        rebuilding
//
// Builds the app and the server first (except with --ci), then runs Playwright
// (playwright.config.ts), which writes reports/paths/index.html. Other arguments go to Playwright
// (for example --grep "walk 3").
import { spawnSync } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const env = { ...process.env };
const rest = [];
let ci = false;
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
  } else if (arg === '--ci') {
    ci = true;
  } else if (arg !== '--') {
    rest.push(arg);
  }
}
if (ci) {
  env.PATHS_AXE ??= 'new-states';
  env.PATHS_SHOTS ??= 'failures';
} else {
  env.PATHS_SET ??= 'full';
  env.PATHS_AXE ??= 'every';
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs a level's tests; a red level is reported at the end, after the report is written. */
function runLevel(name, command, commandArgs, options = {}) {
  console.log(`\n${name} level:`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  return result.status === 0 ? [] : [name];
}

const red = [];
if (!ci) {
  run('pnpm', ['--filter', '@app/server', 'build'], { cwd: web });
  run('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], { cwd: web });
  if (env.PATHS_REPLAY === undefined) {
    // The report's table shows every level as of this run, not an older one's figures.
    red.push(
      ...runLevel(
        'machine',
        'pnpm',
        ['--filter', '@app/onboarding', 'exec', 'vitest', 'run', 'src/testing/model.test.ts'],
        { cwd: web, env: process.env },
      ),
      ...runLevel('jsdom', 'pnpm', ['exec', 'vitest', 'run', 'src/onboarding/model-'], {
        cwd: web,
        env: process.env,
      }),
    );
  }
}
const browser = spawnSync(
  'pnpm',
  ['exec', 'playwright', 'test', '-c', 'playwright.config.ts', ...rest],
  { cwd: web, stdio: 'inherit', env },
);
if (red.length > 0) console.error(`red level(s) before Chromium: ${red.join(', ')}`);
process.exit(browser.status !== 0 ? (browser.status ?? 1) : red.length > 0 ? 1 : 0);
