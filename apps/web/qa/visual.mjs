// The per-state visual review (`pnpm visual` at the root): every state of the onboarding machine
// drawn by the statechart studio's frames at 360 and 1280 px from the built app in Chromium,
// compared with the baseline in apps/web/qa/visual-baseline/.
//
//   pnpm visual                          builds the app, draws every state, compares, writes
//                                        apps/web/reports/visual/index.html; exits 1 when a
//                                        screen changed, is new, or a baseline state is gone
//   pnpm visual --update                 rewrites the baseline (commit it with the change)
//   pnpm visual --state goal --state ... only these states (machine ids or their last part)
//   pnpm visual --colour '#0f766e=#c026d3'   a theme colour changed for this run only
//   pnpm visual --css file.css           a style sheet added for this run only
//   pnpm visual --no-build               draws the app as last built
//   pnpm visual --no-fail                exits 0 even when something changed
//   pnpm visual --site URL               where the report's studio links go (http://localhost:3000)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { runVisualReview } from './visual-review.ts';

const args = process.argv.slice(2);
const base = process.env.INIT_CWD ?? process.cwd();
const options = { states: [], colours: [], css: [], log: (line) => console.log(line) };
let build = true;
let fail = true;

for (let index = 0; index < args.length; index += 1) {
  const arg = args[index];
  const value = () => {
    const next = args[index + 1];
    if (next === undefined) throw new Error(`${arg} needs a value`);
    index += 1;
    return next;
  };
  if (arg === '--update') options.update = true;
  else if (arg === '--no-build') build = false;
  else if (arg === '--no-fail') fail = false;
  else if (arg === '--state') options.states.push(value());
  else if (arg === '--site') options.site = value();
  else if (arg === '--css') {
    const file = value();
    options.css.push(readFileSync(isAbsolute(file) ? file : resolve(base, file), 'utf8'));
  } else if (arg === '--colour' || arg === '--color') {
    const [from, to] = value().split('=');
    if (!from || !to) throw new Error(`${arg} takes FROM=TO, e.g. '#0f766e=#c026d3'`);
    options.colours.push({ from, to });
  } else if (arg !== '--') {
    throw new Error(`unknown argument ${arg}`);
  }
}
if (options.states.length === 0) delete options.states;

if (build) {
  const built = spawnSync('pnpm', ['--filter', '@app/web', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

let result;
try {
  result = await runVisualReview(options);
} catch (error) {
  console.error(`pnpm visual: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const states = result.changedStates.length + result.unchangedStates.length;
if (result.reportFile === null) {
  console.log(`baseline written: ${result.shots.length} screens of ${states} states`);
} else {
  for (const shot of result.changed) {
    console.log(`${shot.reason}: ${shot.state} at ${shot.width} px (${shot.pixels} pixels)`);
  }
  for (const file of result.removed) console.log(`gone: ${file}`);
  console.log(
    `${result.changedStates.length} states changed, ${result.unchangedStates.length} unchanged` +
      `; report: ${relative(base, result.reportFile)}`,
  );
  if (fail && (result.changed.length > 0 || result.removed.length > 0)) process.exitCode = 1;
}
